import { effectiveMethodLabel, taxRuleFacts } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/ui/field';
import { formatCalendarDay } from '@/lib/calendar-day';
import { coinLabel, useCoinLookup } from '@/lib/coin-lookup';
import { lazyPart } from '@/lib/lazy-part';
import { formatCoinQuantity } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import { taxCsvHref, taxReportQuery } from '@/lib/tax/tax-api';
import { Disposals } from './disposals';
import { categoryLabels } from './labels';
import { NeedsPriceList } from './lots-panel';
import { RateNote } from './rate-note';

/**
 * The year after allowances and losses is drawn once the report has arrived, so its code loads
 * beside that request rather than before the page paints (the page's first load stays within its
 * route budget).
 */
const yearSummary = lazyPart(
  () => import('./year-summary'),
  (m) => m.YearSummary,
);

/** The realized-gains report of one tax year, with its downloads. */
export function ReportPanel({
  portfolioId,
  year,
  onYear,
}: {
  portfolioId: string;
  year: number | null;
  onYear: (y: number) => void;
}) {
  const { data, error, isPending } = useQuery(taxReportQuery(portfolioId, year));
  const moneyIn = useMoneyIn();
  const coins = useCoinLookup();
  // Idempotent: the part's code starts loading with the report's request, not after its answer.
  yearSummary.preload();
  if (isPending)
    return (
      <p role="status" className="text-muted">
        Loading the report…
      </p>
    );
  if (error || !data) return <p role="alert">Could not load the report. Please try again.</p>;
  const money = (v: string | null) => moneyIn(v, data.currency);
  const years = [...new Set([data.year, ...data.years])].sort((a, b) => b - a);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        {/* Muted like the facts beside it: the year picks what the report shows, it is no form to fill. */}
        <Field label={<span className="font-normal text-muted">Tax year</span>} className="text-sm">
          {(control) => (
            <select
              {...control}
              value={data.year}
              onChange={(e) => onYear(Number(e.target.value))}
              className="rounded-md border border-line bg-surface px-2 py-1.5"
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {data.rule === 'uk' ? `${y}/${String((y + 1) % 100).padStart(2, '0')}` : y}
                </option>
              ))}
            </select>
          )}
        </Field>
        <a
          className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent"
          href={taxCsvHref(portfolioId, data.year, 'generic')}
          download
        >
          Download CSV
        </a>
        {data.rule === 'us' && (
          <a
            className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent"
            href={taxCsvHref(portfolioId, data.year, 'form8949')}
            download
          >
            Download Form 8949 CSV
          </a>
        )}
        <p className="text-sm text-muted">
          {formatCalendarDay(data.year_start)} to {formatCalendarDay(data.year_end)} ·{' '}
          {data.currency.toUpperCase()} · Rule: {taxRuleFacts[data.rule].label} · Method:{' '}
          {effectiveMethodLabel(data.method)}
          {/* Settings changed over the years: the entry this year's figures follow. */}
          {data.settings_from.from_label !== null && `, as set from ${data.settings_from.from_label}`}
        </p>
      </div>
      {data.per_portfolio_lots && (
        // Per-portfolio lots: until the 2024 allocation is confirmed the figures are an estimate.
        <p className={data.per_portfolio_lots.estimated ? 'text-sm text-danger' : 'text-sm text-muted'}>
          {data.per_portfolio_lots.note}
        </p>
      )}
      <section aria-label="Totals" className="grid gap-2 sm:grid-cols-3">
        {data.totals.map((t) => (
          <div key={t.category} className="rounded-lg border border-line p-3">
            <div className="text-xs text-muted">{categoryLabels[t.category]}</div>
            <div className="text-lg font-semibold">{money(t.gain)}</div>
            <div className="text-xs text-muted">
              {t.disposals} {t.disposals === 1 ? 'sale' : 'sales'} · proceeds {money(t.proceeds)} · cost{' '}
              {money(t.cost)} · fees {money(t.fees)}
            </div>
            {data.rule !== 'none' && (
              <div className="text-xs text-muted">
                <RateNote category={t.category} rate={t.rate} prefix="rate" />
              </div>
            )}
          </div>
        ))}
        <div className="rounded-lg border border-line p-3">
          <div className="text-xs text-muted">Total</div>
          <div className="text-lg font-semibold">{money(data.total_gain)}</div>
          {data.rule === 'none' ? (
            // Without a rule there is no rate: "estimated tax $0.00 at 0%" read as "nothing to pay".
            <div className="text-xs text-muted">
              No tax estimate:{' '}
              <Link to="/settings#tax-rule" className="underline">
                choose your tax rule
              </Link>
            </div>
          ) : (
            // The estimate on the taxable figure, after the rule's allowance and losses carried
            // between years (figured across all portfolios), not the rate times this list's gains.
            <div className="text-xs text-muted">
              estimated tax {money(data.year_summary?.estimated_tax ?? null)} after allowances and losses
              {data.portfolio_id && ' (all portfolios)'}
            </div>
          )}
          {data.incomplete_disposals > 0 && (
            <div className="text-xs text-danger">
              {data.incomplete_disposals} sales left out: a price is missing
            </div>
          )}
        </div>
      </section>
      <Suspense fallback={null}>
        <yearSummary.Component report={data} money={money} />
      </Suspense>
      {data.disposals.length === 0 ? (
        <p className="text-muted">No disposals in this tax year.</p>
      ) : (
        <Disposals disposals={data.disposals} coinName={(id) => coinLabel(coins, id)} money={money} />
      )}
      {data.income.length > 0 && (
        <section aria-label="Reward income" className="rounded-xl border border-line bg-surface p-4 text-sm">
          <h2 className="font-semibold">Reward income {money(data.income_total)}</h2>
          <p className="text-muted">Rewards count as income at the price of their day and become lots.</p>
          <ul className="mt-2 list-disc pl-5">
            {data.income.map((i) => (
              <li key={i.transaction_id}>
                {formatCalendarDay(i.received_at)} {formatCoinQuantity(i.quantity)}{' '}
                {coinLabel(coins, i.coin_id)}: {money(i.value)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <NeedsPriceList items={data.needs_price} />
    </div>
  );
}
