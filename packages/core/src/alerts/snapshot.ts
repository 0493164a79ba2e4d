import type { AlertOperand } from '@app/contracts';
import { ema } from '../indicators/ema.ts';
import { macd } from '../indicators/macd.ts';
import { rsi } from '../indicators/rsi.ts';
import { sma } from '../indicators/sma.ts';
import { type IndicatorRequest, indicatorRequestFor, operandKey } from './series.ts';

/**
 * The latest value of every operand a coin's alerts read, computed once per tick.
 * Keys are `operandKey`s (`price`, `rsi:14`, `macd_histogram`…); null = not enough history.
 */
export type IndicatorSnapshot = ReadonlyMap<string, number | null>;

/**
 * Computes the requested indicators on the coin's completed daily closes with the current price
 * appended as the latest bar. Why append: today's daily candle is still forming and its close so
 * far is the current price. Doing so makes indicators move between daily closes (an `rsi <= 30`
 * alert reacts to a crash today, not tomorrow), matches what charting platforms show for the live
 * bar, and puts price and indicator operands on the same instant (e.g. `price >= ema(50)`).
 * Callers must therefore pass only completed days: a stored partial candle for today would be
 * counted twice. Bad market data (non-finite price or close) yields all-null, never a throw, so
 * one broken coin cannot stop an engine tick.
 */
export function computeIndicatorSnapshot(
  closes: readonly number[],
  currentPrice: number,
  requests: readonly IndicatorRequest[],
): IndicatorSnapshot {
  const snapshot = new Map<string, number | null>();
  const usable = Number.isFinite(currentPrice) && closes.every(Number.isFinite);
  snapshot.set('price', Number.isFinite(currentPrice) ? currentPrice : null);
  const bars = usable ? [...closes, currentPrice] : [];
  for (const request of requests) {
    if (request.kind === 'macd') {
      const result = macd(bars);
      snapshot.set('macd', usable ? (result.macd.at(-1) ?? null) : null);
      snapshot.set('macd_signal', usable ? (result.signal.at(-1) ?? null) : null);
      snapshot.set('macd_histogram', usable ? (result.histogram.at(-1) ?? null) : null);
    } else {
      const compute = { sma, ema, rsi }[request.kind];
      snapshot.set(
        `${request.kind}:${request.period}`,
        usable ? (compute(bars, request.period).at(-1) ?? null) : null,
      );
    }
  }
  return snapshot;
}

/** An operand's value from a snapshot; null when missing (not computed, or not enough history). */
export function operandValue(operand: AlertOperand, snapshot: IndicatorSnapshot): number | null {
  if (operand.type === 'value') return operand.value;
  return snapshot.get(operandKey(operand) ?? '') ?? null;
}

/** One operand's current value straight from closes + live price (for single checks and tests). */
export function currentOperandValue(
  operand: AlertOperand,
  closes: readonly number[],
  currentPrice: number,
): number | null {
  const request = indicatorRequestFor(operand);
  return operandValue(operand, computeIndicatorSnapshot(closes, currentPrice, request ? [request] : []));
}
