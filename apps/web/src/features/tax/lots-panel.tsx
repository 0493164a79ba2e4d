import {
  effectiveMethodLabel,
  type LotsSummary,
  type NeedsPriceItem,
  type QualifyingTotal,
  taxRuleFacts,
  unknownCostLines,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { LeftOutNote } from '@/components/ui/left-out-note';
import { formatCalendarDay } from '@/lib/calendar-day';
import { coinLabel, useCoinLookup } from '@/lib/coin-lookup';
import { formatCoinQuantity } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import { lotsQuery } from '@/lib/tax/tax-api';
import { CoinLots } from './coin-lots';

const needsPriceWords: Record<NeedsPriceItem['reason'], string> = {
  no_price: 'no price',
  no_rate: 'no exchange rate for that day',
  no_fee_rate: "no exchange rate for the fee's currency that day",
  no_fee_price: "no price for the fee's coin that day",
  no_acquisition: 'no acquisition to match',
};

export function NeedsPriceList({ items }: { items: readonly NeedsPriceItem[] }) {
  const coins = useCoinLookup();
  if (items.length === 0) return null;
  return (
    <section aria-label="Needs a price" className="mt-4 rounded-xl border border-line bg-surface p-4 text-sm">
      <h2 className="font-semibold">Needs a price ({items.length})</h2>
      <p className="text-muted">
        These transactions have no price (or no exchange rate for their day, or their fee is in a currency
        without a rate or price that day) and are left out of the figures, never valued at 0. Edit them with a
        price to include them.
      </p>
      <ul className="mt-2 list-disc pl-5">
        {items.slice(0, 20).map((n) => (
          <li key={n.transaction_id}>
            {formatCalendarDay(n.executed_at)} {n.type.replace('_', ' ')} {coinLabel(coins, n.coin_id)}:{' '}
            {needsPriceWords[n.reason]}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Total({
  label,
  total,
  money,
}: {
  label: string;
  total: QualifyingTotal;
  money: (v: string | null) => string;
}) {
  return (
    <div className="rounded-lg border border-line p-3">
      <div className="text-xs text-muted">{label}</div>
      <div className="text-lg font-semibold">{money(total.value)}</div>
      <div className="text-xs text-muted">cost {money(total.cost)}</div>
    </div>
  );
}

function Summary({
  summary,
  label,
  money,
}: {
  summary: LotsSummary;
  label: string | null;
  money: (v: string | null) => string;
}) {
  if (label === null) return null;
  return (
    <div className="grid gap-2 sm:grid-cols-3">
      <Total label={`Sellable ${label} now`} total={summary.qualifying_now} money={money} />
      <Total
        label={`Becomes ${label} in the next 30 days`}
        total={summary.qualifying_within_30_days}
        money={money}
      />
      <Total
        label={`Becomes ${label} in the next 90 days`}
        total={summary.qualifying_within_90_days}
        money={money}
      />
    </div>
  );
}

/** Open lots per coin: acquisition date, quantity, cost, value, unrealized gain, days held, qualifying date. */
export function LotsPanel({ portfolioId }: { portfolioId: string }) {
  const { data, error, isPending } = useQuery(lotsQuery(portfolioId));
  const moneyIn = useMoneyIn();
  const coins = useCoinLookup();
  if (isPending)
    return (
      <p role="status" className="text-muted">
        Loading lots…
      </p>
    );
  if (error || !data) return <p role="alert">Could not load the lots. Please try again.</p>;
  const money = (v: string | null) => moneyIn(v, data.currency);
  const withoutCost = data.coins.reduce((n, c) => n + c.lots.filter((l) => l.cost === null).length, 0);
  return (
    <div className="space-y-4">
      <LeftOutNote lines={unknownCostLines({ lots_without_cost: withoutCost })} className="text-sm" />
      <p className="text-sm text-muted">
        Rule: {taxRuleFacts[data.rule].label} · Method: {effectiveMethodLabel(data.method)} · as of{' '}
        {formatCalendarDay(data.as_of)}
        {data.qualifying_label === null ? ' · this rule has no holding period' : ''}
      </p>
      <Summary summary={data.summary} label={data.qualifying_label} money={money} />
      {data.coins.length === 0 && <p className="text-muted">No open lots.</p>}
      {data.coins.map((coin) => (
        <section
          key={coin.coin_id}
          aria-label={`Lots of ${coinLabel(coins, coin.coin_id)}`}
          className="rounded-xl border border-line bg-surface p-4"
        >
          <h2 className="flex flex-wrap items-baseline justify-between gap-2 font-semibold">
            <span>{coinLabel(coins, coin.coin_id)}</span>
            <span className="text-sm font-normal text-muted">
              {formatCoinQuantity(coin.summary.quantity)} held · value {money(coin.summary.value)} ·
              unrealized {money(coin.summary.unrealized)}
            </span>
          </h2>
          {data.qualifying_label !== null && (
            <p className="text-xs text-muted">
              {data.qualifying_label} now: {formatCoinQuantity(coin.summary.qualifying_now.quantity)} · next
              30 days: {formatCoinQuantity(coin.summary.qualifying_within_30_days.quantity)} · next 90 days:{' '}
              {formatCoinQuantity(coin.summary.qualifying_within_90_days.quantity)}
            </p>
          )}
          <CoinLots
            caption={`${coinLabel(coins, coin.coin_id)} lots`}
            lots={coin.lots}
            qualifyingLabel={data.qualifying_label}
            money={money}
          />
        </section>
      ))}
      <NeedsPriceList items={data.needs_price} />
    </div>
  );
}
