import type { AlertOperand } from '@app/contracts';
import { macdLookback } from '../indicators/macd.ts';

/**
 * One indicator computation over a coin's closes. The three macd metrics share one MACD(12,26,9)
 * run, so they map to the single request `{ kind: 'macd' }`.
 */
export type IndicatorRequest = { kind: 'sma' | 'ema' | 'rsi'; period: number } | { kind: 'macd' };

/** Stable identity of a request, e.g. `rsi:14`, `macd`. */
export function indicatorRequestKey(request: IndicatorRequest): string {
  return request.kind === 'macd' ? 'macd' : `${request.kind}:${request.period}`;
}

/** The computation an operand needs; null for constants and for price (the live price itself). */
export function indicatorRequestFor(operand: AlertOperand): IndicatorRequest | null {
  if (operand.type === 'value') return null;
  switch (operand.metric) {
    case 'price':
      return null;
    case 'macd':
    case 'macd_signal':
    case 'macd_histogram':
      return { kind: 'macd' };
    case 'sma':
    case 'ema':
    case 'rsi':
      // The contract guarantees a period for these; a stored row without one is corrupt.
      if (operand.params.period === null) throw new RangeError(`${operand.metric} operand has no period`);
      return { kind: operand.metric, period: operand.params.period };
  }
}

/** Identity of the value an operand reads from a snapshot, e.g. `price`, `ema:50`, `macd_signal`. */
export function operandKey(operand: AlertOperand): string | null {
  if (operand.type === 'value') return null;
  const period = operand.params.period;
  return period === null ? operand.metric : `${operand.metric}:${period}`;
}

export interface AlertLike {
  coin_id: string;
  left: AlertOperand;
  right: AlertOperand;
}

/**
 * The distinct indicator computations per coin that a set of (active) alerts needs, so the engine
 * runs each once per tick however many alerts share it: coin_id → requests (possibly empty).
 */
export function requiredIndicators(alerts: Iterable<AlertLike>): Map<string, IndicatorRequest[]> {
  const byCoin = new Map<string, Map<string, IndicatorRequest>>();
  for (const alert of alerts) {
    // Every coin gets an entry, even with no indicator (price-only alerts still need a snapshot).
    let requests = byCoin.get(alert.coin_id);
    if (!requests) {
      requests = new Map();
      byCoin.set(alert.coin_id, requests);
    }
    for (const operand of [alert.left, alert.right]) {
      const request = indicatorRequestFor(operand);
      if (request !== null) requests.set(indicatorRequestKey(request), request);
    }
  }
  return new Map([...byCoin].map(([coin, requests]) => [coin, [...requests.values()]]));
}

/**
 * Completed daily closes an operand needs before it has a value, given that the live price is
 * appended as one more bar: the indicator's lookback (sma/ema n − 1, rsi n, macd 33). Below
 * this the alert "waits for data".
 */
export function dailyClosesNeeded(operand: AlertOperand): number {
  const request = indicatorRequestFor(operand);
  if (request === null) return 0;
  switch (request.kind) {
    case 'sma':
    case 'ema':
      return request.period - 1;
    case 'rsi':
      return request.period;
    case 'macd':
      return macdLookback();
  }
}

export function alertDailyClosesNeeded(alert: Pick<AlertLike, 'left' | 'right'>): number {
  return Math.max(dailyClosesNeeded(alert.left), dailyClosesNeeded(alert.right));
}
