import {
  type CryptoOption,
  type TransactionListQuery,
  transactionTypeLabels,
  transactionTypes,
} from '@app/contracts';
import type { FilterParam } from '../use-transaction-filters';

const selectClass = 'rounded-lg border border-line bg-bg px-3 py-2 text-sm';

/** The list's search box and its portfolio, coin and type filters. */
export function TransactionFilters({
  search,
  onSearch,
  filters,
  onFilter,
  portfolios,
  coins,
}: {
  search: string;
  onSearch: (text: string) => void;
  filters: Partial<TransactionListQuery>;
  onFilter: (key: Exclude<FilterParam, 'q'>, value: string) => void;
  portfolios: readonly { id: string; name: string }[];
  /** The coins the user has transactions in, once they are here. */
  coins: readonly CryptoOption[] | undefined;
}) {
  return (
    <fieldset className="mb-4 grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
      <legend className="sr-only">Filters</legend>
      <input
        type="search"
        aria-label="Search transactions"
        placeholder="Search coin or note"
        className={`${selectClass} sm:w-56`}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      <select
        aria-label="Filter by portfolio"
        className={selectClass}
        value={filters.portfolio_id ?? ''}
        onChange={(e) => onFilter('portfolio', e.target.value)}
      >
        <option value="">All portfolios</option>
        {portfolios.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <select
        aria-label="Filter by coin"
        className={selectClass}
        value={filters.coin_id ?? ''}
        onChange={(e) => onFilter('coin', e.target.value)}
      >
        <option value="">All coins</option>
        {coins?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.symbol.toUpperCase()})
          </option>
        ))}
      </select>
      <select
        aria-label="Filter by type"
        className={selectClass}
        value={filters.type ?? ''}
        onChange={(e) => onFilter('type', e.target.value)}
      >
        <option value="">All types</option>
        {transactionTypes.map((t) => (
          <option key={t} value={t}>
            {transactionTypeLabels[t]}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
