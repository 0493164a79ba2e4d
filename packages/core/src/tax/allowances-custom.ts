import type { TaxCategory } from '@app/contracts';
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
import { exemptAmountOrder } from './allowances-uk.ts';

const source = 'Your custom rule: the yearly allowance set in Settings, with losses carried forward';

/**
 * The custom rule has no law behind it, so it takes the common pattern of an allowance on the
 * year's net gain: the year's losses net against its gains (a loss in one term against a gain
 * in the other), losses carried from earlier years come off only down to the allowance (the UK's
 * order, which never spends a loss on a gain the allowance would cover), then the allowance. What
 * comes off is taken from the gain at the higher of the two rates first, the order that leaves
 * the least tax, as an allowance is usually allowed to be set.
 */
export const customYears: YearRule<Dec> = {
  start: zero,
  year(figures: YearFigures, broughtForward: Dec, context: YearContext) {
    const st = figuresOf(figures, 'short');
    const lt = figuresOf(figures, 'long');
    const netShort = st.gains.sub(st.losses);
    const netLong = lt.gains.sub(lt.losses);
    const net = netShort.add(netLong);
    const allowance = context.yearlyAllowance;
    const order = exemptAmountOrder(net, allowance ?? zero, broughtForward);

    // What is left of each term after the other's loss, then the deductions off the dearer term.
    let short = net.gt(0) ? (netLong.lt(0) ? net : positive(netShort)) : zero;
    let long = net.gt(0) ? (netShort.lt(0) ? net : positive(netLong)) : zero;
    let deduct = order.allowanceUsed.add(order.lossesUsed);
    const first: TaxCategory = context.rate('long').gt(context.rate('short')) ? 'long' : 'short';
    const take = (amount: Dec) => {
      const off = Dec.min(amount, deduct);
      deduct = deduct.sub(off);
      return amount.sub(off);
    };
    if (first === 'short') {
      short = take(short);
      long = take(long);
    } else {
      long = take(long);
      short = take(short);
    }

    const steps: StepCalc[] = [
      {
        text: `${context.label}: short-term gains less losses give {st_net}, long-term {lt_net}; a loss in one term is set against a gain in the other, for a net ${net.lt(0) ? 'loss of {net_loss}' : 'gain of {net_gain}'} (your custom rule).`,
        amounts: {
          st_net: netShort,
          lt_net: netLong,
          ...(net.lt(0) ? { net_loss: net.neg() } : { net_gain: net }),
        },
      },
      allowance === null
        ? {
            text: 'No yearly allowance is set for the custom rule in Settings, so none is applied.',
            amounts: {},
          }
        : {
            text: 'The yearly allowance set in Settings is {allowance}: {used} used, {left} left (your custom rule: it comes off the net gain and does not carry to another year).',
            amounts: { allowance, used: order.allowanceUsed, left: allowance.sub(order.allowanceUsed) },
          },
    ];
    if (net.lt(0) || broughtForward.gt(0)) {
      steps.push({
        text: net.lt(0)
          ? 'The net loss is carried forward to later years: {carried} in all.'
          : 'Losses brought forward from earlier years: {brought}. They are used only to bring the net gain down to the allowance, never below it: {used} used, {carried} carried forward.',
        amounts: { brought: broughtForward, used: order.lossesUsed, carried: order.carried },
      });
    }
    if (order.allowanceUsed.add(order.lossesUsed).gt(0) && netShort.gt(0) && netLong.gt(0)) {
      steps.push({
        text: `The allowance and losses come off the ${first}-term gain first, the one at the higher of your two rates.`,
        amounts: {},
      });
    }
    const summary: YearSummaryCalc = {
      year: figures.year,
      gains: st.gains.add(lt.gains),
      losses: st.losses.add(lt.losses),
      net,
      allowance: {
        kind: allowance === null ? 'none' : 'custom_allowance',
        amount: allowance,
        used: order.allowanceUsed,
        left: allowance === null ? null : allowance.sub(order.allowanceUsed),
        source,
      },
      lossesBroughtForward: broughtForward,
      lossesUsed: order.lossesUsed,
      lossesCarriedForward: order.carried,
      lossesByCategory: [],
      taxable: [
        { category: 'short', amount: short },
        { category: 'long', amount: long },
      ],
      steps,
    };
    return { summary, carried: order.carried };
  },
};
