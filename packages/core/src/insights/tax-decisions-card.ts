import type { InsightTable, TaxDecisions, YearAllowance } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { fig, money, signedMoney, table } from './card.ts';

/** The tax timing card's part from this year's decisions (packages/core/src/tax/decisions.ts). */
export interface DecisionParts {
  headline: string[];
  figures: Record<string, string>;
  formula: string;
  numbers: Array<[string, string]>;
  tables: InsightTable[];
}

/** What the law calls the year's allowance. */
const allowanceNames: Record<YearAllowance['kind'], string> = {
  annual_exempt_amount: 'Annual exempt amount',
  exemption_limit: 'Exemption limit (Freigrenze)',
  loss_deduction_limit: 'Loss deduction against other income',
  custom_allowance: 'Your allowance',
  none: 'Allowance',
};

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** "wait 12 days: saves $5,100.00 at your rate" for the lot whose wait saves the most. */
export function waitLine(d: TaxDecisions): string | null {
  const best = d.waits[0];
  if (!best || best.saving === null || !new Dec(best.saving).gt(0)) return null;
  return `wait ${days(best.days_to_wait)}: saves ${money(best.saving, d.currency)} at your rate`;
}

/** The allowance used and left, in the law's words; null when the year has no figure. */
export function allowanceLine(year: NonNullable<TaxDecisions['year']>, currency: string): string | null {
  const a = year.allowance;
  if (a.amount === null) return null;
  const amount = money(a.amount, currency);
  const left = money(a.left ?? '0', currency);
  switch (a.kind) {
    case 'annual_exempt_amount':
      return `${left} of the ${amount} annual exempt amount left`;
    case 'custom_allowance':
      return `${left} of your ${amount} allowance left`;
    case 'loss_deduction_limit':
      return `${left} of the ${amount} loss deduction against other income left`;
    case 'exemption_limit':
      // A Freigrenze is not used up: below it the year's gain is tax-free, at or above it all of it is taxed.
      return `${money(Dec.max(new Dec(year.net_gain), new Dec(0)), currency)} of net gains against the ${amount} exemption limit (tax-free only below it)`;
    default:
      return null;
  }
}

export function decisionParts(
  d: TaxDecisions,
  symbols: ReadonlyMap<string, string>,
  limit?: number,
): DecisionParts {
  const c = d.currency;
  const wait = waitLine(d);
  const allowance = d.year ? allowanceLine(d.year, c) : null;
  const theCatch = d.harvest.catch;
  const headline = [
    ...(wait ? [wait] : d.waits.length > 0 ? ['waiting for them saves nothing at your rates'] : []),
    ...(allowance ? [`${allowance} this tax year`] : []),
  ];
  const numbers: Array<[string, string]> = [
    ['Tax year', d.tax_year.label],
    ...(d.year
      ? ([
          ['Estimated tax so far', money(d.year.estimated_tax, c)],
          [
            allowanceNames[d.year.allowance.kind],
            d.year.allowance.amount === null ? '—' : money(d.year.allowance.amount, c),
          ],
          ['Allowance used', money(d.year.allowance.used, c)],
          ['Allowance left', d.year.allowance.left === null ? '—' : money(d.year.allowance.left, c)],
        ] as Array<[string, string]>)
      : []),
    ...(theCatch
      ? ([
          ['Harvesting: the catch', theCatch.text],
          ['Source', theCatch.as_of ? `${theCatch.source} (checked ${theCatch.as_of})` : theCatch.source],
        ] as Array<[string, string]>)
      : []),
    ['Estimate, not advice', `${d.rule_label} rule, matched by ${d.method_label}`],
  ];
  const waits = table(
    'Sell now or wait',
    ['Coin', 'Acquired', 'Quantity sold', 'Qualifies on', 'Wait', 'Tax now', 'Tax after', 'Saving'],
    d.waits.map((w) => [
      symbols.get(w.coin_id) ?? w.coin_id,
      w.acquired_on,
      fig(w.sale_quantity),
      w.qualifies_on,
      days(w.days_to_wait),
      w.tax_now === null ? '—' : money(w.tax_now, c),
      w.tax_after === null ? '—' : money(w.tax_after, c),
      w.saving === null ? '—' : signedMoney(new Dec(w.saving), c),
    ]),
    limit,
  );
  const best = d.waits[0];
  return {
    headline,
    figures: {
      tax_year: d.tax_year.label,
      decisions_currency: c,
      ...(best && best.saving !== null
        ? { best_wait_days: String(best.days_to_wait), best_wait_saving: fig(best.saving) }
        : {}),
      ...(d.year?.allowance.left != null ? { allowance_left: fig(d.year.allowance.left) } : {}),
    },
    formula: `${d.notes.join(' ')} ${d.disclaimer}`,
    numbers,
    tables: d.waits.length > 0 ? [waits] : [],
  };
}
