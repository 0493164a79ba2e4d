import type { CoinListOrder } from '@app/contracts';

export interface Column {
  key: string;
  label: string;
  /** The server order for this column, without the direction. */
  sort?: string;
  className?: string;
}

export const columns: Column[] = [
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

/** Each market row's height: the row window measures the scroll by it. */
export const rowHeight = 52;

export function ariaSort(column: Column, order: CoinListOrder): 'ascending' | 'descending' | undefined {
  if (!column.sort || !order.startsWith(`${column.sort}_`)) return undefined;
  const desc = order.endsWith('_desc');
  // Rank runs opposite to market cap: the largest coin is rank 1.
  if (column.key === 'rank') return desc ? 'ascending' : 'descending';
  return desc ? 'descending' : 'ascending';
}

export function nextOrder(column: Column, order: CoinListOrder): CoinListOrder {
  const base = column.sort ?? 'market_cap';
  const current = order.startsWith(`${base}_`) ? order.slice(base.length + 1) : null;
  const firstDir = column.key === 'name' ? 'asc' : 'desc';
  const dir = current === null ? firstDir : current === 'asc' ? 'desc' : 'asc';
  return `${base}_${dir}` as CoinListOrder;
}
