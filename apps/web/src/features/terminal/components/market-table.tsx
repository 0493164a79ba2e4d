import type { CoinListOrder, CoinMarket } from '@app/contracts';
import { CoinAvatar } from '@/components/ui/coin-avatar';
import { PriceChange } from '@/components/ui/price-change';
import { PriceSourceNote } from '@/components/ui/price-source-note';
import { Sparkline } from '@/components/ui/sparkline';
import { Table, Td, Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import type { MoneyFormatter } from '@/lib/settings';
import { FavoriteStar } from './favorite-star';
import { useRowWindow } from './use-row-window';

interface Column {
  key: string;
  label: string;
  /** The server order for this column, without the direction. */
  sort?: string;
  className?: string;
}

const columns: Column[] = [
  { key: 'fav', label: 'Favourite', className: 'w-8' },
  { key: 'rank', label: '#', sort: 'market_cap', className: 'w-8 text-right sm:w-12' },
  { key: 'name', label: 'Name', sort: 'name', className: 'text-left' },
  { key: 'price', label: 'Price', sort: 'price', className: 'text-right' },
  { key: '1h', label: '1h', sort: 'change_1h', className: 'text-right hidden lg:table-cell' },
  { key: '24h', label: '24h', sort: 'change_24h', className: 'text-right' },
  { key: '7d', label: '7d', sort: 'change_7d', className: 'text-right hidden md:table-cell' },
  { key: 'cap', label: 'Market cap', sort: 'market_cap', className: 'text-right hidden md:table-cell' },
  { key: 'vol', label: 'Volume (24h)', sort: 'volume', className: 'text-right hidden xl:table-cell' },
  { key: 'spark', label: 'Last 7 days', className: 'text-right hidden sm:table-cell' },
];

const rowHeight = 52;

interface MarketTableProps {
  coins: CoinMarket[];
  order: CoinListOrder;
  onOrder: (order: CoinListOrder) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  favorites: ReadonlySet<string>;
  onToggleFavorite: (id: string) => void;
  /** Each row's "Add to watchlist": the list is chosen in the dialog this opens. */
  onAddToWatchlist?: (coin: CoinMarket) => void;
  money: MoneyFormatter;
  /** The rows came without sparklines and theirs are on the way: leave the cells blank, not "–". */
  sparklinesLoading?: boolean;
}

function ariaSort(column: Column, order: CoinListOrder): 'ascending' | 'descending' | undefined {
  if (!column.sort || !order.startsWith(`${column.sort}_`)) return undefined;
  const desc = order.endsWith('_desc');
  // Rank runs opposite to market cap: the largest coin is rank 1.
  if (column.key === 'rank') return desc ? 'ascending' : 'descending';
  return desc ? 'descending' : 'ascending';
}

function nextOrder(column: Column, order: CoinListOrder): CoinListOrder {
  const base = column.sort ?? 'market_cap';
  const current = order.startsWith(`${base}_`) ? order.slice(base.length + 1) : null;
  const firstDir = column.key === 'name' ? 'asc' : 'desc';
  const dir = current === null ? firstDir : current === 'asc' ? 'desc' : 'asc';
  return `${base}_${dir}` as CoinListOrder;
}

/**
 * The market table: sortable headers (server order), and only the rows in view are in the
 * DOM, so 250+ coins with sparklines scroll smoothly.
 */
export function MarketTable(props: MarketTableProps) {
  const { coins, order, money } = props;
  const { scroller, range, padTop, padBottom } = useRowWindow(coins.length, {
    rowHeight,
    overscan: 8,
    initialHeight: 640,
  });
  const rows = coins.slice(range.first, range.end);

  return (
    <Table
      caption={`Cryptocurrency market, ${coins.length} coins`}
      scroll="both"
      className="max-h-[640px]"
      scrollerRef={scroller}
      testId="market-table-scroller"
      tableClassName="border-collapse"
      headClassName="sticky top-0 z-10 bg-surface"
      rowCount={coins.length + 1}
      head={columns.map((column) => {
        const sort = ariaSort(column, order);
        return (
          <Th
            key={column.key}
            density="custom"
            aria-sort={sort}
            className={cn('px-1 py-2 sm:px-2', column.className)}
          >
            {column.sort ? (
              <button
                type="button"
                onClick={() => props.onOrder(nextOrder(column, order))}
                className="inline-flex items-center gap-1 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
              >
                {column.label}
                <span aria-hidden="true">
                  {sort === 'ascending' ? '▲' : sort === 'descending' ? '▼' : ''}
                </span>
              </button>
            ) : column.key === 'fav' ? (
              <span className="sr-only">
                {props.onAddToWatchlist ? 'Favourite and watchlist' : column.label}
              </span>
            ) : (
              column.label
            )}
          </Th>
        );
      })}
    >
      {padTop > 0 && (
        <tr>
          <Td density="custom" colSpan={columns.length} style={{ height: padTop }} />
        </tr>
      )}
      {rows.map((coin, i) => {
        const selected = coin.id === props.selectedId;
        return (
          <tr
            key={coin.id}
            aria-rowindex={range.first + i + 2}
            aria-selected={selected}
            style={{ height: rowHeight }}
            className={cn('border-t border-line', selected ? 'bg-surface-2' : 'hover:bg-surface-2/60')}
          >
            <Td density="custom" className="px-1 sm:px-2">
              <span className="flex items-center">
                <FavoriteStar
                  name={coin.name}
                  active={props.favorites.has(coin.id)}
                  onToggle={() => props.onToggleFavorite(coin.id)}
                />
                {props.onAddToWatchlist && (
                  <button
                    type="button"
                    aria-label={`Add ${coin.name} to watchlist`}
                    title="Add to watchlist"
                    onClick={() => props.onAddToWatchlist?.(coin)}
                    className="inline-flex size-7 shrink-0 items-center justify-center rounded text-lg leading-none text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
                  >
                    <span aria-hidden="true">+</span>
                  </button>
                )}
              </span>
            </Td>
            <Td density="custom" className="px-1 text-right tabular-nums text-muted sm:px-2">
              {coin.market_cap_rank ?? '–'}
            </Td>
            <Td density="custom" className="px-1 sm:px-2">
              <button
                type="button"
                onClick={() => props.onSelect(coin.id)}
                className="flex max-w-[7.5rem] items-center gap-2 text-left sm:max-w-[14rem] focus-visible:outline-2 focus-visible:outline-accent"
              >
                <CoinAvatar src={coin.image} name={coin.name} symbol={coin.symbol} />
                <span className="truncate font-medium">{coin.name}</span>
                <span className="hidden text-xs uppercase text-muted sm:inline">{coin.symbol}</span>
              </button>
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
                {props.sparklinesLoading && coin.sparkline_in_7d === undefined ? null : (
                  <Sparkline points={coin.sparkline_in_7d?.price} label={`${coin.name} 7-day trend`} />
                )}
              </span>
            </Td>
          </tr>
        );
      })}
      {padBottom > 0 && (
        <tr>
          <Td density="custom" colSpan={columns.length} style={{ height: padBottom }} />
        </tr>
      )}
    </Table>
  );
}
