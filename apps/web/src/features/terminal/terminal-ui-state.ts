import { type CoinListOrder, coinListOrders } from '@app/contracts';
import { useCallback, useState } from 'react';
import { readStored, writeStored } from '@/lib/storage';

/** Local persistence: the terminal's table choices and watchlist selection, purged after 24 h. */
export const terminalUiStateKey = 'terminal-ui-state';

export interface TerminalUiState {
  order: CoinListOrder;
  category: string;
  excludeStablecoins: boolean;
  favoritesOnly: boolean;
  watchlistId: string | null;
}

export const defaultTerminalUiState: TerminalUiState = {
  order: 'market_cap_desc',
  category: '',
  excludeStablecoins: false,
  favoritesOnly: false,
  watchlistId: null,
};

/** A stored copy written by an older build, or edited by hand, falls back field by field. */
export function readTerminalUiState(storage?: Storage): TerminalUiState {
  const stored = readStored(terminalUiStateKey, storage);
  if (typeof stored !== 'object' || stored === null) return defaultTerminalUiState;
  // Checked by hand, not with zod, so the terminal's first load does not carry it.
  const fields = stored as Record<string, unknown>;
  const { order, category, excludeStablecoins, favoritesOnly, watchlistId } = fields;
  const shortText = (v: unknown): v is string => typeof v === 'string' && v.length <= 100;
  const d = defaultTerminalUiState;
  return {
    order: coinListOrders.find((o) => o === order) ?? d.order,
    category: shortText(category) ? category : d.category,
    excludeStablecoins: typeof excludeStablecoins === 'boolean' ? excludeStablecoins : d.excludeStablecoins,
    favoritesOnly: typeof favoritesOnly === 'boolean' ? favoritesOnly : d.favoritesOnly,
    watchlistId: watchlistId === null || shortText(watchlistId) ? watchlistId : d.watchlistId,
  };
}

export function useTerminalUiState(): [TerminalUiState, (patch: Partial<TerminalUiState>) => void] {
  const [state, setState] = useState(() => readTerminalUiState());
  const update = useCallback((patch: Partial<TerminalUiState>) => {
    setState((prev) => {
      const next = { ...prev, ...patch };
      writeStored(terminalUiStateKey, next);
      return next;
    });
  }, []);
  return [state, update];
}
