import type { ChartTimeframe } from '@app/contracts';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The price chart's timeframe, shared with the sections under it (RSI and MACD follow it).
 * Kept per coin and in memory only, while that coin's chart is on screen: another coin, a
 * later visit or a reload starts at the spec's 1D.
 */
let current: { coinId: string; timeframe: ChartTimeframe } | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const defaultChartTimeframe: ChartTimeframe = '1D';

export function useChartTimeframe(coinId: string): [ChartTimeframe, (timeframe: ChartTimeframe) => void] {
  const timeframe = useSyncExternalStore(
    subscribe,
    () => (current?.coinId === coinId ? current.timeframe : defaultChartTimeframe),
    () => defaultChartTimeframe,
  );
  const set = useCallback(
    (next: ChartTimeframe) => {
      current = { coinId, timeframe: next };
      for (const listener of listeners) listener();
    },
    [coinId],
  );
  return [timeframe, set];
}

/** The chart left the screen: its coin's next chart starts at the default again. */
export function forgetChartTimeframe(coinId: string): void {
  if (current?.coinId !== coinId) return;
  current = null;
  for (const listener of listeners) listener();
}
