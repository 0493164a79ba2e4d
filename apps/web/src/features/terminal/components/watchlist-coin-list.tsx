import type { CoinMarket, WatchlistItem } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { CoinAvatar } from '@/components/ui/coin-avatar';
import { PriceChange } from '@/components/ui/price-change';
import type { MoneyFormatter } from '@/lib/settings';

/** A watchlist's coins, each with its price and 24h change, to open it or take it off the list. */
export function WatchlistCoinList({
  listName,
  items,
  quotes,
  money,
  onSelect,
  onRemove,
}: {
  listName: string;
  items: readonly WatchlistItem[];
  quotes: ReadonlyMap<string, CoinMarket>;
  money: MoneyFormatter;
  onSelect: (coinId: string) => void;
  /** Takes the item (by its id) off the list. */
  onRemove: (itemId: string) => void;
}) {
  return (
    <ul aria-label={`Coins in ${listName}`} className="space-y-0.5">
      {items.map((item) => {
        const q = quotes.get(item.coin_id);
        return (
          <li key={item.id} className="flex items-center gap-2">
            <Button
              variant="unstyled"
              onClick={() => onSelect(item.coin_id)}
              className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-1 py-1 text-left hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
            >
              <CoinAvatar
                src={q?.image}
                name={q?.name ?? item.coin_id}
                symbol={q?.symbol ?? item.coin_id}
                size={20}
              />
              <span className="min-w-0 flex-1 truncate">{q?.name ?? item.coin_id}</span>
              <span className="tabular-nums" data-private>
                {q ? money(q.current_price) : '–'}
              </span>
              <PriceChange value={q?.price_change_percentage_24h} className="w-16 text-right text-xs" />
            </Button>
            <Button
              variant="unstyled"
              aria-label={`Remove ${q?.name ?? item.coin_id} from ${listName}`}
              onClick={() => onRemove(item.id)}
              className="rounded px-1.5 text-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span aria-hidden="true">×</span>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
