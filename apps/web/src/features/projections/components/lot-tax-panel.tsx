import {
  effectiveMethodLabel,
  isEffectiveMethod,
  portfolioListResponseSchema,
  portfolioRoutes,
  taxRuleFacts,
} from '@app/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Table, Td, Th } from '@/components/ui/table';
import { apiRequest } from '@/lib/api/client';
import { formatCalendarDay } from '@/lib/calendar-day';
import { projectionTaxQuery, taxKeys, useLinkProjection } from '@/lib/tax/tax-api';
import { useProjectionsSelection } from '../store/projections-selection-store';
import { formatCoins, money } from './format';
import { UkMatchingNotes, ukLineText } from './uk-matching';

const portfoliosQuery = () =>
  queryOptions({
    queryKey: ['portfolios', 'list'],
    queryFn: ({ signal }) =>
      apiRequest(portfolioRoutes.portfolios, { schema: portfolioListResponseSchema, signal }),
  });

const categoryWords: Record<string, string> = {
  short: 'short-term',
  long: 'long-term',
  taxable: 'taxable',
  tax_free: 'tax-free',
  gain: 'gain',
};

/**
 * Link the plan to a portfolio's real lots (or all portfolios'); each saved rung then
 * shows the lots it consumes, its tax under the account's rule and its net after fees, impact
 * and tax. Unlinked, the flat sell tax above applies.
 */
export function LotTaxPanel({
  projectionId,
  currency: planCurrency,
  dirty,
}: {
  projectionId: string;
  currency: string;
  dirty: boolean;
}) {
  const client = useQueryClient();
  const { data } = useQuery(projectionTaxQuery(projectionId));
  const portfolios = useQuery(portfoliosQuery());
  const link = useLinkProjection(projectionId);
  const [showAware, setShowAware] = useState(false);
  const lastSavedAt = useProjectionsSelection((s) => s.lastSavedAt);
  useEffect(() => {
    if (lastSavedAt !== null) void client.invalidateQueries({ queryKey: taxKeys.projection(projectionId) });
  }, [client, lastSavedAt, projectionId]);
  // The lots' currency: a plan in another currency is converted at today's rate (said in the note).
  const currency = data?.currency ?? planCurrency;
  const linked = data?.linked ?? null;
  const plan = data?.plan ?? null;
  const aware = data?.tax_aware ?? null;
  const uk = data?.rule === 'uk';
  const order = new Map((plan?.sales ?? []).map((s, i) => [s.id, i + 1]));

  return (
    <section
      aria-labelledby="lot-tax-heading"
      className="rounded-xl border border-line bg-surface p-4 text-sm"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="lot-tax-heading" className="font-semibold">
            Tax from your real lots
          </h2>
          <p className="text-xs text-muted">
            {linked === null
              ? 'Not linked: every rung uses the flat sell tax.'
              : data
                ? `Rule: ${taxRuleFacts[data.rule].label} · Method: ${isEffectiveMethod(data.method) ? effectiveMethodLabel(data.method) : data.method} · figures for the saved plan as of ${formatCalendarDay(data.as_of)}.`
                : 'Loading the tax figures…'}
          </p>
        </div>
        <label className="text-sm">
          <span className="block text-xs text-muted">Linked portfolio</span>
          <select
            value={linked ?? ''}
            disabled={link.isPending}
            onChange={(e) => link.mutate({ portfolio_id: e.target.value === '' ? null : e.target.value })}
            className="mt-1 rounded-md border border-line bg-surface px-2 py-1.5"
          >
            <option value="">Not linked (flat sell tax)</option>
            <option value="all">All Portfolios</option>
            {(portfolios.data?.results ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {dirty && linked !== null && (
        <p className="mt-2 text-xs text-muted">Save the transactions to update the tax per rung.</p>
      )}
      {data?.note && linked !== null && <p className="mt-2 text-xs text-muted">{data.note}</p>}
      {plan && plan.sales.length > 0 && (
        <>
          <Table
            caption="Tax per planned sale"
            className="mt-3"
            tableClassName="min-w-[640px]"
            head={['Rung', 'Coins', 'Price after impact', 'Lots consumed', 'Gain', 'Tax', 'Net'].map((h) => (
              <Th key={h} density="custom" className="py-1 pr-2">
                {h}
              </Th>
            ))}
          >
            {plan.sales.map((s, i) => (
              <tr key={s.id} className="border-t border-line align-top">
                <Td density="custom" className="py-1 pr-2">
                  {i + 1}
                </Td>
                <Td density="custom" className="py-1 pr-2">
                  {formatCoins(s.coins_sold)}
                </Td>
                <Td density="custom" className="py-1 pr-2">
                  {money(s.effective_price, currency)}
                </Td>
                <Td density="custom" className="py-1 pr-2">
                  <ul>
                    {s.lots.map((l) => (
                      <li key={`${l.acquisition_id ?? 'pool'}-${l.acquired_on}-${l.quantity}`}>
                        {uk ? (
                          ukLineText(l, s.sale_date)
                        ) : (
                          <>
                            {formatCoins(l.quantity)} from{' '}
                            {l.acquired_on === null ? 'the pool' : formatCalendarDay(l.acquired_on)} (
                            {categoryWords[l.category]}
                            {l.qualifies_on && l.category !== 'long' && l.category !== 'tax_free'
                              ? `, qualifies ${formatCalendarDay(l.qualifies_on)}`
                              : ''}
                            )
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                </Td>
                <Td density="custom" className="py-1 pr-2">
                  {money(s.gain, currency)}
                </Td>
                <Td density="custom" className="py-1 pr-2">
                  {money(s.tax, currency)}
                  {s.exempt_used != null && s.exempt_used !== '0' && (
                    <span className="block text-xs text-muted">
                      {s.tax_year} allowance used {money(s.exempt_used, currency)}
                    </span>
                  )}
                </Td>
                <Td density="custom" className="py-1 pr-2">
                  {money(s.net, currency)}
                </Td>
              </tr>
            ))}
          </Table>
          <p className="mt-2 text-xs text-muted">
            Total tax {money(plan.total_tax, currency)} · total net {money(plan.total_net, currency)}
          </p>
          {plan.tax_years && plan.tax_years.length > 0 && (
            <ul className="mt-1 text-xs text-muted" aria-label="Annual exempt amount per tax year">
              {plan.tax_years.map((y) => (
                <li key={y.tax_year}>
                  {y.exempt_amount === null
                    ? `${y.tax_year}: no annual exempt amount applied.`
                    : `${y.tax_year}: annual exempt amount ${money(y.exempt_amount, currency)}; gains realized this year ${money(y.realized_gain, currency)} used ${money(y.exempt_used_by_realized, currency)}, this plan uses ${money(y.exempt_used_by_plan, currency)}.`}
                </li>
              ))}
            </ul>
          )}
          {uk && <UkMatchingNotes sales={plan.sales} />}
          <p className="mt-1 text-xs text-muted">
            The ladder above still applies the plan's flat sell tax; for this linked plan, the tax and net
            here are the ones your lots would cause.
          </p>
          {aware && (
            <div className="mt-3">
              <button
                type="button"
                className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent"
                aria-expanded={showAware}
                onClick={() => setShowAware(!showAware)}
              >
                Tax-aware order
              </button>
              {showAware && (
                <div className="mt-2 rounded-lg border border-line p-3" aria-live="polite">
                  <p>
                    Tax {money(aware.tax_before, currency)} → {money(aware.tax_after, currency)}: saving{' '}
                    <strong>{money(aware.saving, currency)}</strong>.
                  </p>
                  <ol className="mt-1 list-decimal pl-5 text-xs">
                    {aware.order.map((o) => (
                      <li key={o.id}>
                        Rung {order.get(o.id)} on {formatCalendarDay(o.sale_date)}
                        {o.delayed ? ' (waits until its lots qualify)' : ''}
                      </li>
                    ))}
                  </ol>
                </div>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
