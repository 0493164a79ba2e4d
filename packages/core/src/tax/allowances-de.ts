import { Dec } from '../decimal.ts';
import {
  figuresOf,
  type StepCalc,
  type YearContext,
  type YearFigures,
  type YearRule,
  type YearSummaryCalc,
  zero,
} from './allowance-types.ts';

/**
 * The exemption limit (Freigrenze) for private sales, § 23 (3) sentence 5 EStG: 600 euros a
 * calendar year up to 2023, 1,000 euros from 2024 (raised by the Wachstumschancengesetz of
 * 27 March 2024); the BMF letter on virtual currencies (10 May 2022, updated 6 March 2025) applies
 * it to crypto-assets. The 600 euros held in every year since the first crypto-asset (2009); the
 * years before have no figure here, so none is applied.
 */
export function deExemptionLimit(year: number): Dec | null {
  if (year >= 2024) return new Dec(1000);
  if (year >= 2009) return new Dec(600);
  return null;
}

const source =
  '§ 23 (3) EStG: the exemption limit (Freigrenze) for private sales, with losses carried forward under § 10d EStG, as the BMF letter on virtual currencies (10 May 2022, updated 6 March 2025) applies them';

/**
 * Germany, private sales of coins held one year or less. The year's private-sale losses offset
 * its private-sale gains; the limit is then tested on that net gain: below it none is taxable,
 * at or above it all of it is. Losses carried from earlier years come off only after that test
 * (Federal Fiscal Court, 11 January 2005, IX R 27/04, which H 23 EStH follows): a gain below the
 * limit stays tax-free and leaves them for later, and a gain at or above it stays taxable after
 * them even when what remains is below the limit. The law first carries a loss back one year
 * unless the taxpayer applies otherwise (§ 10d (1) EStG); only the carry-forward is modelled.
 */
export const deYears: YearRule<Dec> = {
  start: zero,
  year(figures: YearFigures, broughtForward: Dec, context: YearContext) {
    const { gains, losses } = figuresOf(figures, 'taxable');
    const net = gains.sub(losses);
    const inEuros = context.currency === 'eur';
    const limit = inEuros ? deExemptionLimit(figures.year) : null;
    const label = context.label;
    const belowLimit = limit !== null && net.gt(0) && net.lt(limit);
    const lossesUsed = net.gt(0) && !belowLimit ? Dec.min(broughtForward, net) : zero;
    const carried = net.lt(0) ? broughtForward.add(net.neg()) : broughtForward.sub(lossesUsed);
    const taxable = net.gt(0) && !belowLimit ? net.sub(lossesUsed) : zero;

    const steps: StepCalc[] = [
      {
        text: `${label}: gains of {gains} less losses of {losses} on coins held one year or less give a net ${net.lt(0) ? 'loss of {net_loss}' : 'gain of {net_gain}'}. Only these are private sales: coins held more than one year are left out, their gains tax-free and their losses not deductible (§ 23 (1) sentence 1 no. 2 EStG; BMF letter on virtual currencies, 10 May 2022, updated 6 March 2025). Private-sale losses are set only against private-sale gains (§ 23 (3) sentence 7 EStG).`,
        amounts: net.lt(0) ? { gains, losses, net_loss: net.neg() } : { gains, losses, net_gain: net },
      },
    ];
    if (!inEuros) {
      steps.push({
        text: `The exemption limit is set in euros and these figures are in ${context.currency.toUpperCase()}, so it is not applied here. Report in EUR to apply it.`,
        amounts: {},
      });
    } else if (limit === null) {
      steps.push({ text: `No exemption limit is on file for ${label}, so none is applied.`, amounts: {} });
    } else {
      const test = belowLimit
        ? 'The net gain is below it, so none of it is taxable.'
        : net.gt(0)
          ? 'The net gain reaches it, so all of it is taxable: it is a limit, not an allowance.'
          : 'With no net gain the limit does not come into it.';
      steps.push({
        text: `The exemption limit (Freigrenze) for ${label} is {limit} (§ 23 (3) sentence 5 EStG; 600 euros up to 2023, 1,000 euros from 2024). ${test}`,
        amounts: { limit },
      });
    }
    if (net.lt(0)) {
      steps.push({
        text: 'The net loss is carried forward to private-sale gains of later years (§ 23 (3) sentence 8 EStG with § 10d EStG), {carried} in all. By default the law first carries it back to the year before unless you apply otherwise; that carry-back is not figured here.',
        amounts: { carried },
      });
    } else if (broughtForward.gt(0)) {
      steps.push({
        text: belowLimit
          ? 'Private-sale losses carried from earlier years: {brought}. The limit is tested before they are deducted (Federal Fiscal Court, 11 January 2005, IX R 27/04; H 23 EStH), so this tax-free gain leaves them for later: {carried} carried forward.'
          : 'Private-sale losses carried from earlier years: {brought}, deducted after the limit test (§ 23 (3) sentence 8 EStG with § 10d EStG; Federal Fiscal Court, IX R 27/04): {used} used, and what remains of the gain stays taxable even if it is now below the limit. {carried} carried forward.',
        amounts: { brought: broughtForward, used: lossesUsed, carried },
      });
    }
    const summary: YearSummaryCalc = {
      year: figures.year,
      gains,
      losses,
      net,
      allowance: {
        kind: 'exemption_limit',
        amount: limit,
        used: belowLimit ? net : zero,
        left: null,
        source,
      },
      lossesBroughtForward: broughtForward,
      lossesUsed,
      lossesCarriedForward: carried,
      lossesByCategory: [],
      taxable: [
        { category: 'taxable', amount: taxable },
        { category: 'tax_free', amount: zero },
      ],
      steps,
    };
    return { summary, carried };
  },
};
