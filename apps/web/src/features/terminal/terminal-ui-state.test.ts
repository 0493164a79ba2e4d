import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@/test/testing-library';
import {
  defaultTerminalUiState,
  readTerminalUiState,
  terminalUiStateKey,
  useTerminalUiState,
} from './terminal-ui-state';

beforeEach(() => localStorage.clear());

describe('terminal-ui-state (local persistence)', () => {
  it('starts from the defaults when nothing is stored', () => {
    expect(readTerminalUiState()).toEqual(defaultTerminalUiState);
  });

  it('keeps the table choices and the watchlist across a remount', () => {
    const first = renderHook(() => useTerminalUiState());
    act(() => first.result.current[1]({ order: 'volume_desc', excludeStablecoins: true, watchlistId: 'w1' }));
    first.unmount();
    const second = renderHook(() => useTerminalUiState());
    expect(second.result.current[0]).toEqual({
      ...defaultTerminalUiState,
      order: 'volume_desc',
      excludeStablecoins: true,
      watchlistId: 'w1',
    });
  });

  it('falls back field by field when a stored copy is damaged', () => {
    localStorage.setItem(
      terminalUiStateKey,
      JSON.stringify({ value: { order: 'sideways', category: 'layer-1', favoritesOnly: 'yes' }, savedAt: 1 }),
    );
    expect(readTerminalUiState()).toEqual({ ...defaultTerminalUiState, category: 'layer-1' });
  });
});
