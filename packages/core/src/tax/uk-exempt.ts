import { Dec } from '../decimal.ts';
import { type CalendarDay, taxYearOf } from './dates.ts';

/**
 * The Capital Gains Tax annual exempt amount for individuals, per UK tax year (6 April to
 * 5 April, keyed by the calendar year it starts in). From 2020/21 on as announced by HMRC
 * (policy paper "Capital Gains Tax: annual exempt amount", Autumn Statement 2022; gov.uk
 * "Capital Gains Tax: what you pay it on, rates and allowances"): £12,300 for 2020/21 to
 * 2022/23, £6,000 for 2023/24, £3,000 from 2024/25 on. Earlier years are the amounts the
 * Treasury's yearly Capital Gains Tax (Annual Exempt Amount) Orders set under TCGA 1992 s. 3
 * (for instance S.I. 2009/824 for 2009/10 and S.I. 2017/377 for 2017/18), which the realized-gains
 * report needs for years with earlier sales. Checked on 25 Nov 2026 with the search tool, which
 * held no gov.uk table but accountants' and publishers' pages quoting the Orders
 * (taxresidenceguide.co.uk for 2011/12 to 2020/21, IRIS software help for 2008/09 to 2011/12,
 * dalton-pardoe.co.uk and carbonaccountancy.co.uk for 2022/23 to 2024/25). Before 2008/09 (no
 * crypto-asset existed) there is no figure: null, no allowance applied.
 */
export function ukAnnualExemptAmount(taxYear: number): Dec | null {
  if (taxYear >= 2024) return new Dec(3000);
  if (taxYear === 2023) return new Dec(6000);
  const amount = earlierExemptAmounts[taxYear];
  return amount === undefined ? null : new Dec(amount);
}

const earlierExemptAmounts: Readonly<Record<number, number>> = {
  2008: 9600,
  2009: 10100,
  2010: 10100,
  2011: 10600,
  2012: 10600,
  2013: 10900,
  2014: 11000,
  2015: 11100,
  2016: 11100,
  2017: 11300,
  2018: 11700,
  2019: 12000,
  2020: 12300,
  2021: 12300,
  2022: 12300,
};

export interface ExemptSale {
  day: CalendarDay;
  /** The sale's gain (negative: a loss); null when it cannot be valued. */
  gain: Dec | null;
}

export interface ExemptSaleOut {
  taxYear: number;
  /** The part of the year's allowance this sale used (negative: a loss gave some back). */
  exemptUsed: Dec | null;
  /** What of the sale's gain is taxable after netting and the allowance (negative: it lowered it). */
  taxable: Dec | null;
}

export interface ExemptYear {
  taxYear: number;
  exemptAmount: Dec | null;
  /** Net gains already realized in the ledger that tax year (losses netted). */
  realized: Dec;
  /** What of the allowance the realized gains used. */
  usedByLedger: Dec;
  /** What of it the planned sales used. */
  usedByPlan: Dec;
}

const zero = new Dec(0);
const positive = (x: Dec) => (x.gt(0) ? x : zero);

/**
 * Gains and losses of one UK tax year net first, then the annual exempt amount comes off
 * (HMRC HS284 / the SA108 computation: the year's losses are deducted before the allowance). The year's realized disposals go first, then the planned sales in
 * day order (ties in the plan's order). Each sale's taxable part is the growth of the year's
 * taxable total it causes, so the sales' taxable parts add up to the year's taxable total less
 * what the ledger alone had; a loss can make it negative. A sale without a value (null gain)
 * is left out of the netting and has no taxable part.
 */
export function applyUkExemptAmount(
  sales: readonly ExemptSale[],
  realized: ReadonlyMap<number, Dec>,
): { sales: ExemptSaleOut[]; years: ExemptYear[] } {
  const order = sales.map((s, i) => ({ s, i })).sort((a, b) => a.s.day - b.s.day || a.i - b.i);
  const years = new Map<number, { aea: Dec | null; net: Dec; year: ExemptYear }>();
  const yearOf = (taxYear: number) => {
    let y = years.get(taxYear);
    if (!y) {
      const aea = ukAnnualExemptAmount(taxYear);
      const net = realized.get(taxYear) ?? zero;
      const usedByLedger = aea === null ? zero : Dec.min(aea, positive(net));
      y = {
        aea,
        net,
        year: { taxYear, exemptAmount: aea, realized: net, usedByLedger, usedByPlan: zero },
      };
      years.set(taxYear, y);
    }
    return y;
  };
  const out: ExemptSaleOut[] = sales.map((s) => ({
    taxYear: taxYearOf('uk', s.day),
    exemptUsed: null,
    taxable: null,
  }));
  for (const { s, i } of order) {
    const y = yearOf(taxYearOf('uk', s.day));
    if (s.gain === null) continue;
    const used = (net: Dec) => (y.aea === null ? zero : Dec.min(y.aea, positive(net)));
    const taxable = (net: Dec) => positive(y.aea === null ? net : net.sub(y.aea));
    const after = y.net.add(s.gain);
    const exemptUsed = used(after).sub(used(y.net));
    (out[i] as ExemptSaleOut).exemptUsed = exemptUsed;
    (out[i] as ExemptSaleOut).taxable = taxable(after).sub(taxable(y.net));
    y.year.usedByPlan = y.year.usedByPlan.add(exemptUsed);
    y.net = after;
  }
  return { sales: out, years: [...years.values()].map((y) => y.year).sort((a, b) => a.taxYear - b.taxYear) };
}
