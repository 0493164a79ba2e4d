import { useQuery } from '@tanstack/react-query';
import { PriceChange } from '@/components/ui/price-change';
import { globalDataQuery } from '@/lib/market';
import type { MoneyFormatter } from '@/lib/settings';

function Stat({ label, value, sub }: { label: string; value: string; sub?: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-line bg-surface px-3 py-2">
      <dt className="truncate text-xs text-muted">{label}</dt>
      {/* 13 px on phones fits a 0-decimal total market cap in half the width. */}
      <dd className="truncate text-[13px] font-semibold tabular-nums sm:text-base">{value}</dd>
      {sub !== undefined && <dd className="text-xs">{sub}</dd>}
    </div>
  );
}

const blank = '\u00a0';

/**
 * The figures' boxes at their final size while they load (a spinner line that grew into
 * two rows of boxes moved the whole terminal down, most of its 0.6 layout shift on a phone).
 */
function GlobalStatsSkeleton() {
  return (
    <div>
      <span role="status" aria-live="polite" className="sr-only">
        Loading global market figures…
      </span>
      <div aria-hidden="true">
        <dl className="grid grid-cols-2 gap-2 md:grid-cols-4">
          <Stat label="Total market cap" value={blank} sub={blank} />
          <Stat label="24h volume" value={blank} />
          <Stat label="Dominance" value={blank} sub={blank} />
          <Stat label="Active coins" value={blank} />
        </dl>
      </div>
    </div>
  );
}

/** Global market figures in the base currency. */
export function GlobalStats({ vs, money }: { vs: string; money: MoneyFormatter }) {
  const { data, isPending } = useQuery(globalDataQuery(vs));
  if (isPending) return <GlobalStatsSkeleton />;
  if (!data) return null;
  const btc = data.market_cap_percentage.btc;
  const eth = data.market_cap_percentage.eth;
  return (
    <section aria-label="Global market">
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-4">
        <Stat
          label="Total market cap"
          value={money(data.total_market_cap_vs)}
          sub={<PriceChange value={data.market_cap_change_percentage_24h_usd} />}
        />
        <Stat label="24h volume" value={money(data.total_volume_vs)} />
        <Stat
          label="Dominance"
          value={btc === undefined ? '–' : `BTC ${btc.toFixed(1)}%`}
          sub={eth === undefined ? undefined : <span className="text-muted">ETH {eth.toFixed(1)}%</span>}
        />
        <Stat label="Active coins" value={data.active_cryptocurrencies.toLocaleString('en-US')} />
      </dl>
    </section>
  );
}
