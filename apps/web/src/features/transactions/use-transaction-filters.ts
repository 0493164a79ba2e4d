import { type TransactionListQuery, type TransactionType, transactionTypes } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export type FilterParam = 'portfolio' | 'coin' | 'type' | 'q';

/**
 * The list's filters, search and page, kept in the URL (?coin=bitcoin&q=cold&page=2): other pages
 * link to a coin's transactions, and a reload or a shared link opens the same list. The search
 * box's text reaches the URL debounced; `onChange` runs before any filter or the page changes.
 */
export function useTransactionFilters(onChange: () => void) {
  const [params, setParams] = useSearchParams();
  const filters: Partial<TransactionListQuery> = {
    ...(params.get('portfolio') ? { portfolio_id: params.get('portfolio') ?? '' } : {}),
    ...(params.get('coin') ? { coin_id: params.get('coin') ?? '' } : {}),
    ...(transactionTypes.includes(params.get('type') as TransactionType)
      ? { type: params.get('type') as TransactionType }
      : {}),
    ...(params.get('q') ? { q: params.get('q') ?? '' } : {}),
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(filters.q ?? '');

  const setParam = (key: FilterParam | 'page', value: string) => {
    onChange();
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        if (key !== 'page') p.delete('page');
        return p;
      },
      { replace: key === 'q' },
    );
  };

  // As for every search: debounced 300 ms, and clearing the text clears the search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed text changes
  useEffect(() => {
    const text = search.trim();
    if (text === (filters.q ?? '')) return;
    const timer = setTimeout(() => setParam('q', text), 300);
    return () => clearTimeout(timer);
  }, [search]);
  return { filters, page, search, setSearch, setParam };
}
