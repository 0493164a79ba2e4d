import type { CoinListOrder, CoinMarket } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import type { MoneyFormatter } from '@/lib/settings';
import { ariaSort, columns, nextOrder, rowHeight } from './market-table-columns';
import { MarketTableRow } from './market-table-row';
import { useRowWindow } from './use-row-window';

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
              <Button
                variant="unstyled"
                onClick={() => props.onOrder(nextOrder(column, order))}
                className="inline-flex items-center gap-1 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
              >
                {column.label}
                <span aria-hidden="true">
                  {sort === 'ascending' ? '▲' : sort === 'descending' ? '▼' : ''}
                </span>
              </Button>
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
      {rows.map((coin, i) => (
        <MarketTableRow
          key={coin.id}
          coin={coin}
          rowIndex={range.first + i + 2}
          selected={coin.id === props.selectedId}
          favorite={props.favorites.has(coin.id)}
          onToggleFavorite={props.onToggleFavorite}
          onAddToWatchlist={props.onAddToWatchlist}
          onSelect={props.onSelect}
          money={money}
          sparklinesLoading={props.sparklinesLoading}
        />
      ))}
      {padBottom > 0 && (
        <tr>
          <Td density="custom" colSpan={columns.length} style={{ height: padBottom }} />
        </tr>
      )}
    </Table>
  );
}
