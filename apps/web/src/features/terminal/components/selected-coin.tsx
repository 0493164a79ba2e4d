import type { CoinMarket } from '@app/contracts';
import { Link } from 'react-router';
import { CoinAvatar } from '@/components/ui/coin-avatar';
import { PriceChange } from '@/components/ui/price-change';
import { CoinChart } from '@/lib/market';
import type { MoneyFormatter } from '@/lib/settings';
import { FavoriteStar } from './favorite-star';

interface SelectedCoinProps {
  coin: CoinMarket;
  vs: string;
  money: MoneyFormatter;
  favorite: boolean;
  onToggleFavorite: () => void;
}

/** The selected coin's price, changes and chart (the URL carries ?coin=<id>). */
export function SelectedCoin({ coin, vs, money, favorite, onToggleFavorite }: SelectedCoinProps) {
  return (
    <section aria-label={`${coin.name} chart`} className="rounded-xl border border-line bg-surface p-4">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <CoinAvatar src={coin.image} name={coin.name} symbol={coin.symbol} size={36} />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">
            {coin.name} <span className="text-sm uppercase text-muted">{coin.symbol}</span>
          </h2>
          <p className="flex flex-wrap items-baseline gap-3 text-sm">
            <span className="text-xl font-semibold tabular-nums" data-money>
              {money(coin.current_price)}
            </span>
            <span>
              1h <PriceChange value={coin.price_change_percentage_1h} />
            </span>
            <span>
              24h <PriceChange value={coin.price_change_percentage_24h} />
            </span>
            <span>
              7d <PriceChange value={coin.price_change_percentage_7d} />
            </span>
          </p>
        </div>
        <div className="ml-auto flex items-center gap-2">
          <FavoriteStar name={coin.name} active={favorite} onToggle={onToggleFavorite} />
          <Link
            to={`/cryptocurrencies/${encodeURIComponent(coin.id)}`}
            className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:border-muted focus-visible:outline-2 focus-visible:outline-accent"
          >
            Details
          </Link>
        </div>
      </div>
      <CoinChart key={coin.id} coinId={coin.id} coinName={coin.name} vs={vs} />
    </section>
  );
}
