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
import { ukAnnualExemptAmount } from './uk-exempt.ts';

export interface ExemptOrder {
  allowanceUsed: Dec;
  lossesUsed: Dec;
  carried: Dec;
  taxable: Dec;
}

/**
 * HMRC's order for a year (TCGA 1992 s. 2 and s. 3(5), as the Capital Gains Manual explains it at
 * CG18030 and CG21570): the year's own losses have already been netted in full; losses brought
 * forward then come off only as far as needed to bring the net gain down to the annual exempt
 * amount, so none is spent on a gain the allowance covers anyway; the allowance takes the rest.
 * A net loss joins what is carried.
 */
export function exemptAmountOrder(net: Dec, allowance: Dec, broughtForward: Dec): ExemptOrder {
  if (!net.gt(0)) {
    return { allowanceUsed: zero, lossesUsed: zero, carried: broughtForward.add(net.neg()), taxable: zero };
  }
  const allowanceUsed = Dec.min(allowance, net);
  const above = net.sub(allowanceUsed);
  const lossesUsed = Dec.min(broughtForward, above);
  return {
    allowanceUsed,
    lossesUsed,
    carried: broughtForward.sub(lossesUsed),
    taxable: above.sub(lossesUsed),
  };
}

const source =
  'HMRC: the Capital Gains Tax annual exempt amount for individuals (TCGA 1992 s. 3), with losses as the Capital Gains Manual sets out at CG18030 and CG21570';

/** The United Kingdom: one pool of losses carried forward, and the annual exempt amount. */
export const ukYears: YearRule<Dec> = {
  start: zero,
  year(figures: YearFigures, broughtForward: Dec, context: YearContext) {
    const { gains, losses } = figuresOf(figures, 'gain');
    const net = gains.sub(losses);
    const inPounds = context.currency === 'gbp';
    const aea = inPounds ? ukAnnualExemptAmount(figures.year) : null;
    const order = exemptAmountOrder(net, aea ?? zero, broughtForward);
    const label = context.label;
    const steps: StepCalc[] = [
      {
        text: net.lt(0)
          ? `${label}: gains of {gains} less losses of {losses} in the same tax year leave a net loss of {net_loss}. A year's losses are set against its gains in full first (HMRC Capital Gains Manual CG18030).`
          : `${label}: gains of {gains} less losses of {losses} in the same tax year give a net gain of {net_gain}. A year's losses are set against its gains in full first, even where that takes the net gain below the annual exempt amount (HMRC Capital Gains Manual CG18030).`,
        amounts: net.lt(0) ? { gains, losses, net_loss: net.neg() } : { gains, losses, net_gain: net },
      },
    ];
    if (!inPounds) {
      steps.push({
        text: `The annual exempt amount is set in pounds sterling and these figures are in ${context.currency.toUpperCase()}, so it is not applied here: HMRC works gains out in sterling. Report in GBP to apply it.`,
        amounts: {},
      });
    } else if (aea === null) {
      steps.push({
        text: `No annual exempt amount is on file for ${label}, so none is applied.`,
        amounts: {},
      });
    } else {
      const left = aea.sub(order.allowanceUsed);
      steps.push({
        text: !net.gt(0)
          ? `The annual exempt amount for ${label} is {aea} (HMRC). With no net gain it is not used, and an unused allowance cannot be carried to another year.`
          : left.isZero()
            ? `The annual exempt amount for ${label} is {aea} (HMRC), used in full against the net gain.`
            : `The annual exempt amount for ${label} is {aea} (HMRC). It covers the whole net gain, {aea_used}; the {aea_left} unused cannot be carried to another year.`,
        amounts: { aea, aea_used: order.allowanceUsed, aea_left: left },
      });
    }
    if (net.lt(0)) {
      steps.push({
        text: 'The net loss joins the losses carried forward to set against gains of later years, {carried} in all. HMRC allows a loss only once it is reported, within four years of the end of the tax year it arose in.',
        amounts: { carried: order.carried },
      });
    } else if (broughtForward.gt(0)) {
      steps.push({
        text: order.lossesUsed.gt(0)
          ? 'Losses brought forward from earlier years: {brought}. They are used only to bring the net gain down to the annual exempt amount, never below it (HMRC Capital Gains Manual CG21570, worked example at CG18202): {used} used, {carried} carried forward.'
          : 'Losses brought forward from earlier years: {brought}. The net gain is already within the annual exempt amount, so none is used (HMRC Capital Gains Manual CG21570): {carried} carried forward.',
        amounts: { brought: broughtForward, used: order.lossesUsed, carried: order.carried },
      });
    }
    const summary: YearSummaryCalc = {
      year: figures.year,
      gains,
      losses,
      net,
      allowance: {
        kind: 'annual_exempt_amount',
        amount: aea,
        used: order.allowanceUsed,
        left: aea === null ? null : aea.sub(order.allowanceUsed),
        source,
      },
      lossesBroughtForward: broughtForward,
      lossesUsed: order.lossesUsed,
      lossesCarriedForward: order.carried,
      lossesByCategory: [],
      taxable: [{ category: 'gain', amount: positive(order.taxable) }],
      steps,
    };
    return { summary, carried: order.carried };
  },
};
