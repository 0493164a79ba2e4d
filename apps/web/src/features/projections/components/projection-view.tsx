import type { CalculateWithTransactionsResponse } from '@app/contracts';
import { lazy, Suspense, useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { timeAgo } from '@/lib/time-ago';
import { toast } from '@/lib/toast';
import { useSellTable } from '../hooks/use-sell-table';
import { useProjectionsSelection } from '../store/projections-selection-store';
import { rememberCoin } from './coin-cache';
import { currencyCode, formatCoins, formatMultiple, money } from './format';
import { LadderForm } from './ladder-form';
import { takeHomeLabel } from './sell-row-parts';
import { SellTable } from './sell-table';

/** Loaded after the plan: it brings the tax contracts, which the plan's first paint does not need. */
const LotTaxPanel = lazy(async () => ({ default: (await import('./lot-tax-panel')).LotTaxPanel }));

function Stat({ label, value, tone }: { label: string; value: string; tone?: 'up' | 'down' }) {
  return (
    <div className="rounded-lg border border-line bg-surface px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd
        className={`text-base font-semibold tabular-nums ${tone === 'down' ? 'text-danger' : tone === 'up' ? 'text-accent' : ''}`}
      >
        {value}
      </dd>
    </div>
  );
}

/** One projection: its numbers, the ladder generator and the live sell table with save. */
export function ProjectionView({
  projectionId,
  detail,
}: {
  projectionId: string;
  detail: CalculateWithTransactionsResponse;
}) {
  const table = useSellTable(projectionId, detail);
  const setForm = useProjectionsSelection((s) => s.setFormState);
  const lastSavedAt = useProjectionsSelection((s) => s.lastSavedAt);
  const { projection, market } = detail;
  const currency = projection.currency;
  const f = table.figures;

  useEffect(() => {
    rememberCoin({
      id: projection.coin_id,
      name: projection.coin_name,
      symbol: projection.coin_symbol,
      image: projection.coin_image,
    });
    setForm({
      currentPrice: market.current_price,
      athPrice: market.ath,
      athDate: market.ath_date,
      marketCap: market.market_cap,
    });
  }, [projection, market, setForm]);

  const save = async () => {
    try {
      await table.save();
      toast.success('Sell plan saved');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  const profitDown = f.profit.startsWith('-');
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Projection summary" className="flex flex-col gap-3">
        <p className="text-sm text-muted">
          {formatCoins(projection.tokens_owned)} {projection.coin_symbol.toUpperCase()} · invested{' '}
          {money(projection.invested_capital, currency)} · sell tax {projection.sell_tax}% · current price{' '}
          {money(market.current_price, currency)} · ATH {money(market.ath, currency)} · figures in{' '}
          {currencyCode(currency)}
        </p>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
          <Stat label="Remaining tokens" value={formatCoins(f.remainingTokens)} />
          <Stat label="Total cash out" value={money(f.totalCashOut, currency)} />
          <Stat label={`Total ${takeHomeLabel.toLowerCase()}`} value={money(table.totalTakeHome, currency)} />
          <Stat
            label="Average sell price"
            value={f.averageSellPrice === null ? '–' : money(f.averageSellPrice, currency)}
          />
          <Stat label="Profit" value={money(f.profit, currency)} tone={profitDown ? 'down' : 'up'} />
          <Stat label="ROI multiple" value={formatMultiple(f.roiMultiple)} />
        </dl>
        <p className="text-xs text-muted">
          Cash out counts every sell at its full price. The take-home after price impact sells at price × (1 −
          impact ÷ 100), then takes the fee and the sell tax from that.
        </p>
      </section>
      <LadderForm
        tokensOwned={projection.tokens_owned}
        sellTax={projection.sell_tax}
        existing={table.rows}
        onGenerate={table.replaceAll}
      />
      <SellTable
        rows={table.rows}
        figures={f}
        currency={currency}
        sellTax={projection.sell_tax}
        onEdit={table.edit}
        onDelete={table.remove}
      />
      <div className="flex flex-wrap items-center justify-end gap-3">
        <span
          className="text-xs text-muted"
          aria-live="polite"
          title={
            table.hasChanges || lastSavedAt === null ? undefined : new Date(lastSavedAt).toLocaleString()
          }
        >
          {table.hasChanges ? 'Unsaved changes' : lastSavedAt === null ? '' : `Saved ${timeAgo(lastSavedAt)}`}
        </span>
        <Button variant="primary" disabled={!table.hasChanges || table.saving} onClick={() => void save()}>
          {table.saving ? 'Saving…' : 'Save transactions'}
        </Button>
      </div>
      <Suspense fallback={null}>
        <LotTaxPanel projectionId={projectionId} currency={currency} dirty={table.hasChanges} />
      </Suspense>
    </div>
  );
}
