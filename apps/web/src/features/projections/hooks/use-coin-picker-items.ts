import { marketLimits } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useBaseCurrency } from '@/lib/settings';
import { coinSearchQuery, marketSelectQuery, type PickerCoin } from '../api/projections-api';

/** Search needs 2 characters after trimming and waits 300 ms; clearing clears it. */
function useDebouncedSearch(text: string): string {
  const [query, setQuery] = useState('');
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed.length < marketLimits.searchMinChars) {
      setQuery('');
      return;
    }
    const timer = setTimeout(() => setQuery(trimmed), marketLimits.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  return query;
}

/** A market-list coin whose name, ticker or id holds the typed text (case aside). */
function matches(coin: PickerCoin, typed: string): boolean {
  const needle = typed.toLowerCase();
  return [coin.name, coin.symbol, coin.id].some((field) => field.toLowerCase().includes(needle));
}

/**
 * The coins the picker lists for the text in its search box: the market list, narrowed as the
 * text is typed, then the search's hits; with whether they are still coming or failed to come.
 */
export function useCoinPickerItems(open: boolean, text: string) {
  const currency = useBaseCurrency();
  const query = useDebouncedSearch(text);
  const list = useQuery({ ...marketSelectQuery(currency), enabled: open });
  const search = useQuery({ ...coinSearchQuery(query), enabled: open && query !== '' });
  const typed = text.trim();
  const searching = typed.length >= marketLimits.searchMinChars;
  // The hits for what is in the box now; until they come, the market list's own matches stand in.
  const hits = query === typed ? search.data : undefined;

  const items = useMemo(() => {
    const market = list.data ?? [];
    if (!searching) return market;
    // During the 300 ms wait and the search the list used to show every coin, then nothing, then
    // the hits: a coin clicked as it emptied was never chosen. It narrows at once instead.
    if (hits === undefined) return market.filter((coin) => matches(coin, typed));
    // Search hits borrow favourite and balance from the market list when it has the coin.
    const known = new Map(market.map((c) => [c.id, c]));
    return hits.map((hit) => known.get(hit.id) ?? hit);
  }, [searching, typed, list.data, hits]);
  const waiting = searching ? hits === undefined && !(query === typed && search.isError) : list.isPending;
  const loading = waiting && items.length === 0;
  const failed = searching ? query === typed && search.isError : list.isError;
  return { items, searching, waiting, loading, failed };
}
