import { Dec } from '../decimal.ts';
import { type CalendarDay, taxYearOf } from './dates.ts';

/**
 * The Capital Gains Tax annual exempt amount for individuals, per UK tax year (6 April to
 * 5 April, keyed by the calendar year it starts in): £12,300 for 2020/21 to 2022/23, £6,000 for
 * 2023/24, £3,000 from 2024/25 on, as announced by HMRC (policy paper "Capital Gains Tax: annual
 * exempt amount", Autumn Statement 2022; gov.uk "Capital Gains Tax: what you pay it on, rates and
 * allowances"). Checked on 25 Nov 2026 with the search tool, which held no gov.uk page but two
 * UK accountants' pages quoting HMRC's figures: dalton-pardoe.co.uk "Capital Gains Tax Annual
 * Exempt Amount (AEA)" (£12,300, then £6,000 for 2023 to 2024, £3,000 from 2024 to 2025) and
 * carbonaccountancy.co.uk tax tables 2023 (23/24 £6,000, 22/23 £12,300). Earlier years are not
 * needed (plans are future) and return null: no allowance applied.
 */
export function ukAnnualExemptAmount(taxYear: number): Dec | null {
  if (taxYear >= 2024) return new Dec(3000);
  if (taxYear === 2023) return new Dec(6000);
  if (taxYear >= 2020) return new Dec(12300);
  return null;
}

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
