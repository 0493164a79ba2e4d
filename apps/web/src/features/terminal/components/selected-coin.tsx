import type { CoinMarket } from '@app/contracts';
import { Link } from 'react-router';
import { CoinHeadline } from '@/components/ui/coin-headline';
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
        {/* Logo and name block share a row; the block wraps inside it on narrow screens. */}
        <div className="flex min-w-0 items-center gap-3">
          <CoinHeadline coin={coin} price={money(coin.current_price)} level="section" />
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
