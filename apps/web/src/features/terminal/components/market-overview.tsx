import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { CoinAvatar } from '@/components/ui/coin-avatar';
import { PriceChange } from '@/components/ui/price-change';
import { Spinner } from '@/components/ui/spinner';
import { breadthQuery, formatPercent, topPerformingQuery, trendingQuery } from '@/lib/market';
import type { MoneyFormatter } from '@/lib/settings';

/** Advancers, decliners and the share above the moving average, with its definition shown. */
export function BreadthPanel({ vs }: { vs: string }) {
  const { data } = useQuery(breadthQuery(vs, 7));
  if (!data) return <Spinner label="Loading market breadth…" />;
  const total = Math.max(1, data.advancers + data.decliners + data.unchanged);
  const share = data.above_ma.share;
  return (
    <div className="space-y-3 text-sm">
      <div>
        <div className="flex justify-between">
          <span className="text-accent">{data.advancers} advancing</span>
          <span className="text-danger">{data.decliners} declining</span>
        </div>
        <div className="mt-1 flex h-2 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
          <span className="bg-accent" style={{ width: `${(data.advancers / total) * 100}%` }} />
          <span className="bg-muted/40" style={{ width: `${(data.unchanged / total) * 100}%` }} />
          <span className="bg-danger" style={{ width: `${(data.decliners / total) * 100}%` }} />
        </div>
        <p className="mt-1 text-xs text-muted">
          Over 24 hours, among the {data.total} tracked coins excluding stablecoins.
        </p>
      </div>
      <div>
        <p className="flex justify-between">
          <span>Above {data.above_ma.days}-day average</span>
          <span className="font-semibold tabular-nums">
            {share === null ? '–' : formatPercent(share * 100).replace('+', '')}
          </span>
        </p>
        <p className="mt-1 text-xs text-muted">{data.above_ma.definition}</p>
      </div>
    </div>
  );
}

interface CoinListPanelProps {
  vs: string;
  money: MoneyFormatter;
  onSelect: (id: string) => void;
}

function CoinRow(props: {
  id: string;
  name: string;
  symbol: string;
  image: string;
  price: number | null;
  change: number | null;
  money: MoneyFormatter;
  onSelect: (id: string) => void;
}) {
  return (
    <li>
      <Button
        variant="unstyled"
        onClick={() => props.onSelect(props.id)}
        className="flex w-full items-center gap-2 rounded-md px-1 py-1.5 text-left text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
      >
        <CoinAvatar src={props.image} name={props.name} symbol={props.symbol} size={20} />
        <span className="min-w-0 flex-1 truncate">{props.name}</span>
        <span className="tabular-nums" data-private>
          {props.money(props.price)}
        </span>
        <PriceChange value={props.change} className="w-16 text-right text-xs" />
      </Button>
    </li>
  );
}

export function TrendingPanel({ vs, money, onSelect }: CoinListPanelProps) {
  const { data } = useQuery(trendingQuery(vs));
  if (!data) return <Spinner label="Loading trending coins…" />;
  return (
    <>
      {data.basis === 'derived' && (
        <p className="mb-2 text-xs text-muted">Offline: ranked by 24h volume change, not search interest.</p>
      )}
      <ol className="space-y-0.5">
        {data.coins.map((c) => (
          <CoinRow
            key={c.id}
            id={c.id}
            name={c.name}
            symbol={c.symbol}
            image={c.image}
            price={c.current_price}
            change={c.price_change_percentage_24h}
            money={money}
            onSelect={onSelect}
          />
        ))}
      </ol>
    </>
  );
}

export function TopPerformersPanel({ vs, money, onSelect }: CoinListPanelProps) {
  const { data } = useQuery(topPerformingQuery(vs));
  if (!data) return <Spinner label="Loading top performers…" />;
  return (
    <ol className="space-y-0.5">
      {data.results.map((c) => (
        <CoinRow
          key={c.id}
          id={c.id}
          name={c.name}
          symbol={c.symbol}
          image={c.image}
          price={c.current_price}
          change={c.price_change_percentage_24h}
          money={money}
          onSelect={onSelect}
        />
      ))}
    </ol>
  );
}
