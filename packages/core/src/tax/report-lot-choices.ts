import { effectiveMethodLabel, type TaxReportLotChoices, taxRuleFacts } from '@app/contracts';
import { dayToIso } from './dates.ts';
import { noLotChoices } from './lot-choice.ts';
import type { DisposalCalc, TaxComputation } from './types.ts';

const sales = (n: number) => (n === 1 ? '1 sale' : `${n} sales`);

/**
 * What the report's year and scope did with the sales' named lots, in counts and in words. The
 * words carry no figures: the screen shows those from the fields, in its formats and privacy mode.
 */
export function reportLotChoices(
  computation: TaxComputation,
  disposals: readonly DisposalCalc[],
): TaxReportLotChoices {
  const outcome = computation.lotChoices ?? noLotChoices;
  const inScope = new Set(disposals.map((d) => d.transactionId));
  const count = (ids: ReadonlySet<string>) => {
    let n = 0;
    for (const id of ids) if (inScope.has(id)) n += 1;
    return n;
  };
  const applied = count(outcome.applied);
  const ignored = count(outcome.ignored);
  const notFollowed = outcome.issues
    .filter((i) => inScope.has(i.saleId))
    .map((i) => ({ transaction_id: i.saleId, sold_on: dayToIso(i.soldDay), reason: i.kind }));
  const method = effectiveMethodLabel(computation.method);
  const notes: string[] = [];
  if (applied > 0)
    notes.push(
      `${sales(applied)} use the lots you chose for them (specific identification); the others are matched by ${method}.`,
    );
  if (notFollowed.length > 0)
    notes.push(
      `${notFollowed.length === 1 ? "1 sale's choice" : `${notFollowed.length} sales' choices`} of lots could not be followed in full, because a lot named changed after it was chosen: what the lots named did not cover was matched by ${method}. Choose the lots of ${notFollowed.length === 1 ? 'that sale' : 'those sales'} again.`,
    );
  if (ignored > 0)
    notes.push(
      `${sales(ignored)} name their lots, but the ${taxRuleFacts[computation.options.rule].label} rule fixes the matching (${method}): the choice is kept and used only under the United States rule.`,
    );
  return { applies: outcome.applies, applied, ignored, not_followed: notFollowed, notes };
}
