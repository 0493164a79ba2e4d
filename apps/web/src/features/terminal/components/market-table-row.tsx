import type { CoinMarket } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { CoinAvatar } from '@/components/ui/coin-avatar';
import { PriceChange } from '@/components/ui/price-change';
import { PriceSourceNote } from '@/components/ui/price-source-note';
import { Sparkline } from '@/components/ui/sparkline';
import { Td } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import type { MoneyFormatter } from '@/lib/settings';
import { FavoriteStar } from './favorite-star';
import { rowHeight } from './market-table-columns';

/** One coin of the market table: favourite and watchlist, rank, name, price, changes, cap, volume, trend. */
export function MarketTableRow({
  coin,
  rowIndex,
  selected,
  favorite,
  onToggleFavorite,
  onAddToWatchlist,
  onSelect,
  money,
  sparklinesLoading,
}: {
  coin: CoinMarket;
  /** The row's place in the whole table (its header row is 1). */
  rowIndex: number;
  selected: boolean;
  favorite: boolean;
  onToggleFavorite: (id: string) => void;
  onAddToWatchlist: ((coin: CoinMarket) => void) | undefined;
  onSelect: (id: string) => void;
  money: MoneyFormatter;
  sparklinesLoading: boolean | undefined;
}) {
  return (
    <tr
      aria-rowindex={rowIndex}
      aria-selected={selected}
      style={{ height: rowHeight }}
      className={cn('border-t border-line', selected ? 'bg-surface-2' : 'hover:bg-surface-2/60')}
    >
      <Td density="custom" className="px-1 sm:px-2">
        <span className="flex items-center">
          <FavoriteStar name={coin.name} active={favorite} onToggle={() => onToggleFavorite(coin.id)} />
          {onAddToWatchlist && (
            <Button
              variant="unstyled"
              aria-label={`Add ${coin.name} to watchlist`}
              title="Add to watchlist"
              onClick={() => onAddToWatchlist?.(coin)}
              className="inline-flex size-7 shrink-0 items-center justify-center rounded text-lg leading-none text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span aria-hidden="true">+</span>
            </Button>
          )}
        </span>
      </Td>
      <Td density="custom" className="px-1 text-right tabular-nums text-muted sm:px-2">
        {coin.market_cap_rank ?? '–'}
      </Td>
      <Td density="custom" className="px-1 sm:px-2">
        <Button
          variant="unstyled"
          onClick={() => onSelect(coin.id)}
          className="flex max-w-[7.5rem] items-center gap-2 text-left sm:max-w-[14rem] focus-visible:outline-2 focus-visible:outline-accent"
        >
          <CoinAvatar src={coin.image} name={coin.name} symbol={coin.symbol} />
          <span className="truncate font-medium">{coin.name}</span>
          <span className="hidden text-xs uppercase text-muted sm:inline">{coin.symbol}</span>
        </Button>
      </Td>
      <Td density="custom" className="px-1 text-right tabular-nums sm:px-2" data-private>
        {money(coin.current_price)}
        <PriceSourceNote source={coin.price_source} asOf={coin.price_as_of} />
      </Td>
      <Td density="custom" className="hidden px-2 text-right lg:table-cell">
        <PriceChange value={coin.price_change_percentage_1h} />
      </Td>
      <Td density="custom" className="px-1 text-right sm:px-2">
        <PriceChange value={coin.price_change_percentage_24h} />
      </Td>
      <Td density="custom" className="hidden px-2 text-right md:table-cell">
        <PriceChange value={coin.price_change_percentage_7d} />
      </Td>
      <Td density="custom" className="hidden px-2 text-right tabular-nums md:table-cell" data-private>
        {money(coin.market_cap)}
      </Td>
      <Td density="custom" className="hidden px-2 text-right tabular-nums xl:table-cell" data-private>
        {money(coin.total_volume)}
      </Td>
      <Td density="custom" className="hidden px-2 text-right sm:table-cell">
        <span className="inline-block">
          {sparklinesLoading && coin.sparkline_in_7d === undefined ? null : (
            <Sparkline points={coin.sparkline_in_7d?.price} label={`${coin.name} 7-day trend`} />
          )}
        </span>
      </Td>
    </tr>
  );
}
