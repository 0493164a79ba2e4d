import { Dec } from '../decimal.ts';
import {
  figuresOf,
  positive,
  type StepCalc,
  type YearContext,
  type YearFigures,
  type YearRule,
  type YearSummaryCalc,
  zero,
} from './allowance-types.ts';

/** Capital loss carryovers keep their character: short-term and long-term are carried apart. */
export interface UsCarryover {
  short: Dec;
  long: Dec;
}

/**
 * The yearly cap on a net capital loss deducted from other income (IRC § 1211(b); IRS
 * Publication 550, "Capital Losses"): $3,000, or $1,500 married filing separately. Only the
 * $3,000 is supported: the settings have no filing status.
 */
export const usLossDeductionLimit = new Dec(3000);
const separateLimit = new Dec(1500);

const source =
  'IRS Publication 550, "Capital Losses", and the Schedule D instructions\' Capital Loss Carryover Worksheet';

/**
 * The carryovers to next year, line by line as the Capital Loss Carryover Worksheet in the
 * Schedule D instructions works them out. `netShort` and `netLong` are Schedule D lines 7 and 15
 * (this year's results less the carryovers brought in); `deduction` is line 4, the loss taken
 * against other income. The deduction uses up short-term loss first, then long-term; a gain in one
 * term absorbs loss in the other before anything is carried.
 */
export function usCarryovers(netShort: Dec, netLong: Dec, deduction: Dec): UsCarryover {
  const line5 = positive(netShort.neg());
  const line6 = positive(netLong);
  const short = positive(line5.sub(deduction.add(line6)));
  const line9 = positive(netLong.neg());
  const line10 = positive(netShort);
  const line11 = positive(deduction.sub(line5));
  const long = positive(line9.sub(line10.add(line11)));
  return { short, long };
}

/** The United States: short- and long-term netting, the $3,000 cap, carryovers by character. */
export const usYears: YearRule<UsCarryover> = {
  start: { short: zero, long: zero },
  year(figures: YearFigures, brought: UsCarryover, context: YearContext) {
    const st = figuresOf(figures, 'short');
    const lt = figuresOf(figures, 'long');
    const netShort = st.gains.sub(st.losses).sub(brought.short);
    const netLong = lt.gains.sub(lt.losses).sub(brought.long);
    const net = netShort.add(netLong);
    const inDollars = context.currency === 'usd';
    const limit = inDollars ? usLossDeductionLimit : null;
    const deduction = net.lt(0) && limit !== null ? Dec.min(limit, net.neg()) : zero;
    const carried = net.lt(0) ? usCarryovers(netShort, netLong, deduction) : { short: zero, long: zero };
    // A net gain keeps the character of the term that is left once a loss in the other is set off.
    const taxableShort = net.gt(0) ? (netLong.lt(0) ? net : positive(netShort)) : zero;
    const taxableLong = net.gt(0) ? (netShort.lt(0) ? net : positive(netLong)) : zero;

    const gains = st.gains.add(lt.gains);
    const losses = st.losses.add(lt.losses);
    const steps: StepCalc[] = [
      {
        text: `${context.label}: short-term gains of {st_gains} less losses of {st_losses}${brought.short.gt(0) ? ' and the short-term loss carried over of {st_brought}' : ''} give {st_net}; long-term gains of {lt_gains} less losses of {lt_losses}${brought.long.gt(0) ? ' and the long-term loss carried over of {lt_brought}' : ''} give {lt_net} (Schedule D, lines 7 and 15). Each term is netted on its own first, then the two against each other: a net capital ${net.lt(0) ? 'loss of {net_loss}' : 'gain of {net_gain}'} (IRS Publication 550, "Capital Losses").`,
        amounts: {
          st_gains: st.gains,
          st_losses: st.losses,
          st_brought: brought.short,
          st_net: netShort,
          lt_gains: lt.gains,
          lt_losses: lt.losses,
          lt_brought: brought.long,
          lt_net: netLong,
          ...(net.lt(0) ? { net_loss: net.neg() } : { net_gain: net }),
        },
      },
    ];
    if (net.gt(0) && (netShort.lt(0) || netLong.lt(0))) {
      steps.push({
        text: `The loss in one term reduces the gain in the other, so the net gain of {net_gain} is ${netShort.lt(0) ? 'long' : 'short'}-term.`,
        amounts: { net_gain: net },
      });
    }
    if (net.lt(0)) {
      steps.push(
        limit === null
          ? {
              text: `The yearly cap on deducting a net capital loss from other income is set in US dollars and these figures are in ${context.currency.toUpperCase()}, so no deduction is figured and the whole loss is carried over. Report in USD to apply it.`,
              amounts: {},
            }
          : {
              text: 'Up to {limit} of a net capital loss a year is deducted from your other income ({separate_limit} if married filing separately, which is not supported here), assuming your other taxable income is at least that: {deduction} deducted (IRS Publication 550, "Capital Losses"; Schedule D line 21). The tax this saves on other income is not part of the estimate.',
              amounts: { limit, separate_limit: separateLimit, deduction },
            },
      );
    }
    if (net.lt(0) || brought.short.gt(0) || brought.long.gt(0)) {
      steps.push({
        text: 'Carried over to next year, keeping their character: {st_carried} short-term and {lt_carried} long-term. The deduction is taken from short-term loss first (Capital Loss Carryover Worksheet, Schedule D instructions).',
        amounts: { st_carried: carried.short, lt_carried: carried.long },
      });
    }
    const broughtTotal = brought.short.add(brought.long);
    const carriedTotal = carried.short.add(carried.long);
    // Per character, how far the carryover brought in shrank: a new loss of the other term does
    // not hide a carryover that this year's netting or deduction absorbed.
    const usedShort = positive(brought.short.sub(carried.short));
    const usedLong = positive(brought.long.sub(carried.long));
    const summary: YearSummaryCalc = {
      year: figures.year,
      gains,
      losses,
      net: st.gains.sub(st.losses).add(lt.gains.sub(lt.losses)),
      allowance: {
        kind: 'loss_deduction_limit',
        amount: limit,
        used: deduction,
        left: limit === null ? null : limit.sub(deduction),
        source,
      },
      lossesBroughtForward: broughtTotal,
      lossesUsed: usedShort.add(usedLong),
      lossesCarriedForward: carriedTotal,
      lossesByCategory: [
        {
          category: 'short',
          broughtForward: brought.short,
          used: usedShort,
          carriedForward: carried.short,
        },
        {
          category: 'long',
          broughtForward: brought.long,
          used: usedLong,
          carriedForward: carried.long,
        },
      ],
      taxable: [
        { category: 'short', amount: taxableShort },
        { category: 'long', amount: taxableLong },
      ],
      steps,
    };
    return { summary, carried };
  },
};
