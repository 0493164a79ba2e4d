import {
  effectiveMethodLabel,
  isEffectiveMethod,
  portfolioListResponseSchema,
  taxRuleFacts,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatCalendarDay } from '@/lib/calendar-day';
import { portfolioListQuery } from '@/lib/portfolios/portfolio-list';
import { projectionTaxQuery, taxKeys, useLinkProjection } from '@/lib/tax/tax-api';
import { useProjectionsSelection } from '../store/projections-selection-store';
import { money } from './format';
import { LotTaxSalesTable } from './lot-tax-sales-table';
import { TaxAwareOrder } from './tax-aware-order';
import { UkMatchingNotes } from './uk-matching';

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
  const portfolios = useQuery(portfolioListQuery(portfolioListResponseSchema));
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
          <LotTaxSalesTable sales={plan.sales} currency={currency} uk={uk} />
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
            <TaxAwareOrder
              aware={aware}
              rungOf={order}
              currency={currency}
              open={showAware}
              onToggle={() => setShowAware(!showAware)}
            />
          )}
        </>
      )}
    </section>
  );
}
