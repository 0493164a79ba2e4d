import type { AlertOperand } from '@app/contracts';
import { alertDailyClosesNeeded } from '@app/core';

/** Alerts compare operands in US dollars, the base the market cache keeps for every coin. */
export const alertCurrency = 'usd';

/**
 * How many completed daily closes the engine feeds an indicator. EMA and RSI are recursive,
 * so their value depends a little on where the series starts; a fixed year of warm-up makes
 * them settle (and match the indicators route with days=365) while SMA(500) still gets all
 * the bars it needs.
 */
export const alertHistoryDays = 365;

export function historyDaysFor(alerts: Iterable<{ left: AlertOperand; right: AlertOperand }>): number {
  let needed = 0;
  for (const a of alerts) needed = Math.max(needed, alertDailyClosesNeeded(a));
  return Math.max(alertHistoryDays, needed);
}
