import { coinListOrders } from '@app/contracts';
import { useCallback, useState } from 'react';
import { z } from 'zod';
import { readStored, writeStored } from '@/lib/storage';

/** Spec §3 "Local persistence": the terminal's table choices and watchlist selection, purged after 24 h. */
export const terminalUiStateKey = 'terminal-ui-state';

const terminalUiStateSchema = z.object({
  order: z.enum(coinListOrders).catch('market_cap_desc'),
  category: z.string().max(100).catch(''),
  excludeStablecoins: z.boolean().catch(false),
  favoritesOnly: z.boolean().catch(false),
  watchlistId: z.string().max(100).nullable().catch(null),
});
export type TerminalUiState = z.infer<typeof terminalUiStateSchema>;

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
  return terminalUiStateSchema.parse({ ...defaultTerminalUiState, ...stored });
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
