import { costOrUnknown, unknownCostLines, type WhatIfLot, type WhatIfResponse } from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { LeftOutNote } from '@/components/ui/left-out-note';
import { Table, Td, Th } from '@/components/ui/table';
import { formatCalendarDay } from '@/lib/calendar-day';
import { formatCoinQuantity } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import { LowestTaxChoice } from './lowest-tax-choice';
import { RateNote, rateNotSet } from './rate-note';

// This part loads apart from the Tax page (and on the coin page without it), so it shares no module
// with the page's own: a module both use would become a small chunk of its own, which the build
// merges into the parts every page loads. The words come with the figures (basis_label, …).

type Money = (v: string | null) => string;
/** A lot's column header (a card's term), its figure, and whether it is a number (right-aligned). */
type Column = readonly [string, (lot: WhatIfLot) => string, 'numeric'?];
// Room between a right-aligned figure and the next column's text.
const cell = 'px-2 py-1';
/** A sale can draw on a thousand lots: the first ones show, the rest on request. */
const firstLots = 50;

function acquired(lot: WhatIfLot): string {
  return lot.acquired_on === null ? lot.basis_label : formatCalendarDay(lot.acquired_on);
}

/** Stable keys for lines that can repeat a natural key (two lines of one pool): the nth repeat gets #n. */
function lotKeys(lots: readonly WhatIfLot[]): { item: WhatIfLot; key: string }[] {
  const seen = new Map<string, number>();
  return lots.map((item) => {
    const base = `${item.basis}-${item.acquisition_id ?? 'pool'}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { item, key: n === 0 ? base : `${base}#${n}` };
  });
}

/** A lot's figures in order: the table's headers and a card's terms are the same words. */
function lotColumns(result: WhatIfResponse, money: Money): readonly Column[] {
  const label = result.qualifying_label;
  const columns: Column[] = [
    ['Acquired', acquired],
    ['Matched by', (l) => l.basis_label],
    ['Quantity', (l) => formatCoinQuantity(l.quantity), 'numeric'],
    ['Proceeds', (l) => money(l.proceeds), 'numeric'],
    ['Cost', (l) => costOrUnknown(l.cost, money), 'numeric'],
    // A lot of unknown cost has no gain to show: say why, not a dash.
    ['Gain', (l) => (l.cost === null ? costOrUnknown(null, money) : money(l.gain)), 'numeric'],
    ['Category', (l) => l.category_label],
  ];
  if (label !== null)
    columns.push([
      `Becomes ${label}`,
      (l) =>
        l.qualifies_on === null
          ? '–'
          : l.qualifies_on <= result.sale_date
            ? `since ${formatCalendarDay(l.qualifies_on)}`
            : formatCalendarDay(l.qualifies_on),
    ]);
  return columns;
}

function Figure({ term, children, strong }: { term: string; children: string; strong?: boolean }) {
  return (
    <div className="min-w-0 rounded-lg border border-line p-3">
      <dt className="text-xs text-muted">{term}</dt>
      <dd className={strong ? 'break-words text-lg font-semibold tabular-nums' : 'break-words tabular-nums'}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The answer to "what if I sell?": the sale's figures, the tax per category at the account's
 * rates, the lots it would use (a table from lg up, one card per lot below) and what it assumes.
 */
export function WhatIfResult({ result }: { result: WhatIfResponse }) {
  const moneyIn = useMoneyIn();
  const money: Money = (v) => moneyIn(v, result.currency);
  const [allLots, setAllLots] = useState(false);
  const columns = lotColumns(result, money);
  const shown = allLots ? result.lots : result.lots.slice(0, firstLots);
  const rows = lotKeys(shown);
  const noRule = result.rule === 'none';
  const unrated = noRule
    ? []
    : result.categories.filter((c) => c.quantity !== '0' && rateNotSet(c.category, c.rate));
  const caption = 'Lots the sale would use';
  return (
    <section aria-label="What the sale would cost" className="mt-4 space-y-3">
      <p className="text-xs font-semibold uppercase tracking-wide text-warning">Estimate, not advice</p>
      <dl aria-label="The sale's figures" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        <Figure term="Estimated tax" strong>
          {noRule ? 'No estimate' : costOrUnknown(result.estimated_tax, money)}
        </Figure>
        <Figure term="Gain" strong>
          {costOrUnknown(result.gain, money)}
        </Figure>
        <Figure term="After fees and tax">{noRule ? '–' : costOrUnknown(result.after_tax, money)}</Figure>
        <Figure term="Proceeds">{money(result.proceeds)}</Figure>
        <Figure term={`Fees (${result.fees_percentage}%)`}>{money(result.fees)}</Figure>
        <Figure term="Cost">{costOrUnknown(result.cost, money)}</Figure>
        <Figure term={result.capped ? 'Quantity sold (all you hold)' : 'Quantity sold'}>
          {formatCoinQuantity(result.quantity)}
        </Figure>
        <Figure term={result.price_source === 'market_now' ? 'Price (market now)' : 'Price (given)'}>
          {money(result.price_per_coin)}
        </Figure>
        <Figure term="Sale date">{formatCalendarDay(result.sale_date)}</Figure>
      </dl>
      {noRule && (
        <p className="text-sm text-muted">
          No tax estimate without a tax rule:{' '}
          <Link to="/settings#tax-rule" className="underline">
            choose your tax rule
          </Link>
        </p>
      )}
      {unrated.length > 0 && (
        <p className="text-sm text-warning">
          No rate set for {unrated.map((c) => c.label.toLowerCase()).join(' and ')} gains, so the estimate
          counts them at 0:{' '}
          <Link to="/settings#tax-rule" className="underline">
            set a rate
          </Link>
        </p>
      )}
      <LeftOutNote
        lines={unknownCostLines({ lots_without_cost: result.lots_without_cost })}
        className="text-sm"
      />
      <ul aria-label="Per category" className="grid gap-2 sm:grid-cols-2">
        {result.categories
          .filter((c) => c.quantity !== '0')
          .map((c) => (
            <li key={c.category} className="rounded-lg border border-line p-3 text-sm">
              <div className="text-xs text-muted">{c.label}</div>
              <div className="font-semibold tabular-nums">
                {formatCoinQuantity(c.quantity)} sold · gain {costOrUnknown(c.gain, money)}
              </div>
              {!noRule && (
                <div className="text-xs text-muted">
                  estimated tax {costOrUnknown(c.estimated_tax, money)}{' '}
                  <RateNote category={c.category} rate={c.rate} />
                </div>
              )}
            </li>
          ))}
      </ul>
      {result.year !== null && (
        <p className="text-sm text-muted">
          Estimated tax for {result.year.tax_year}, all your portfolios:{' '}
          {money(result.year.estimated_tax_before)} without this sale,{' '}
          {costOrUnknown(result.year.estimated_tax_after, money)} with it
        </p>
      )}
      {result.uk !== null && (
        <p className="text-sm text-muted">
          Tax year {result.uk.tax_year} · annual exempt amount{' '}
          {result.uk.exempt_amount === null ? 'none applied' : money(result.uk.exempt_amount)} · used by gains
          already realized {money(result.uk.exempt_used_by_realized)} · used by this sale{' '}
          {costOrUnknown(result.uk.exempt_used, money)}
        </p>
      )}
      {result.lowest_tax_choice !== null && (
        <LowestTaxChoice result={result} choice={result.lowest_tax_choice} money={money} />
      )}
      <p className="text-sm text-muted">
        Rule: {result.rule_label} · Method: {result.lots_chosen ? 'the lots named' : result.method_label}
        {result.all_qualify_on !== null &&
          ` · every lot sold is ${result.qualifying_label ?? 'qualifying'} from ${formatCalendarDay(result.all_qualify_on)}`}
      </p>
      <Table
        caption={caption}
        className="hidden rounded-xl border border-line bg-surface p-3 lg:block"
        tableClassName="min-w-[760px]"
        head={columns.map(([header, , numeric]) => (
          <Th key={header} density="custom" className={cell} numeric={numeric !== undefined}>
            {header}
          </Th>
        ))}
      >
        {rows.map(({ item, key }) => (
          <tr key={key} className="border-t border-line">
            {columns.map(([header, figure, numeric]) => (
              <Td key={header} density="custom" className={cell} numeric={numeric !== undefined}>
                {figure(item)}
              </Td>
            ))}
          </tr>
        ))}
      </Table>
      <ul aria-label={caption} className="grid gap-2 lg:hidden">
        {rows.map(({ item, key }) => (
          <li key={key} className="rounded-lg border border-line p-3 text-xs">
            {/* The table's columns as terms, in the same order, two to a line so no figure is cut. */}
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
              {columns.map(([term, figure]) => (
                <div key={term} className="min-w-0">
                  <dt className="text-muted">{term}</dt>
                  <dd className="tabular-nums">{figure(item)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      {result.lots.length > shown.length && (
        <button type="button" className="text-sm underline" onClick={() => setAllLots(true)}>
          Show all {result.lots.length} lots
        </button>
      )}
      {result.notes.length > 0 && (
        <ul aria-label="What the estimate assumes" className="list-disc space-y-1 pl-5 text-sm text-muted">
          {result.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <p role="note" className="rounded-lg border border-line bg-surface-2 p-3 text-sm">
        {result.disclaimer}
      </p>
    </section>
  );
}
