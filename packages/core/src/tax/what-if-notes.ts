import { effectiveMethodLabel, type WhatIfYear } from '@app/contracts';
import type { TaxComputation } from './types.ts';
import type { WhatIfSaleInput } from './what-if-input.ts';

/** What the figures assume or leave out, said beside them. */
export function whatIfNotes(
  computation: TaxComputation,
  input: WhatIfSaleInput,
  figures: { capped: boolean; lotsWithoutCost: number; year: WhatIfYear | null; lotsIgnored: boolean },
): string[] {
  const notes: string[] = [];
  if (figures.lotsIgnored)
    notes.push(
      'The lots named are not used: this tax rule fixes the matching, so the sale is matched as the rule says.',
    );
  const where = input.portfolioId === null ? 'in your portfolios' : 'in this portfolio';
  // Notes carry no figures: the screen shows those from the fields, in its formats and privacy mode.
  if (figures.capped)
    notes.push(`That is more than you hold ${where}: the figures are for selling all of it.`);
  if (figures.lotsWithoutCost > 0)
    notes.push(
      `${figures.lotsWithoutCost === 1 ? '1 lot' : `${figures.lotsWithoutCost} lots`} the sale would use ${figures.lotsWithoutCost === 1 ? 'has' : 'have'} no known cost, so the gain and the tax are unknown until ${figures.lotsWithoutCost === 1 ? 'it is' : 'they are'} given a price.`,
    );
  const rule = computation.options.rule;
  if (computation.method === 'uk_pooling') {
    notes.push(
      'UK matching: the sale is matched with purchases on its day first, then with the Section 104 pool at its average cost. It assumes you buy none of this coin in the 30 days after the sale; a purchase then would be matched first and change the cost.',
      'Gains and losses already realized that tax year in all your portfolios, and losses brought forward, come first, as in the realized-gains report; the sale uses what is left of the annual exempt amount. Disposals outside this app are not included.',
    );
    if (figures.year !== null && figures.year.allowance_amount === null)
      notes.push(
        'No annual exempt amount is applied: it is an amount in pounds, and these figures are in another currency (or the tax year is before the amounts this app knows).',
      );
  } else {
    const holders = new Set(
      computation.holdings
        .filter((h) => h.coinId === input.coinId && h.quantity.gt(0))
        .map((h) => h.portfolioId),
    );
    if (input.portfolioId === null && holders.size > 1)
      notes.push(
        `Across all portfolios the lots of every portfolio holding this coin are taken together (${effectiveMethodLabel(computation.method)}). A real sale happens in one portfolio and uses only its lots: choose the portfolio to see that sale.`,
      );
    if (rule !== 'none')
      notes.push(
        "The tax is what the sale adds to its tax year's estimate in the realized-gains report: the year's other sales in all your portfolios, the rule's allowance and losses carried from earlier years count. Disposals outside this app do not.",
      );
  }
  const left = figures.year?.incomplete_disposals ?? 0;
  if (left > 0)
    notes.push(
      `${left === 1 ? '1 earlier sale has' : `${left} earlier sales have`} no known gain (a price or cost is missing) and ${left === 1 ? 'is' : 'are'} left out of the year's figures, so the estimate may change once ${left === 1 ? 'it is' : 'they are'} priced.`,
    );
  return notes;
}
