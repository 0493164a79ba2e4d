import type { InsightCard } from '@app/contracts';
import { formatAlertNumber } from '../alerts/describe.ts';
import { Dec } from '../decimal.ts';
import { formatCurrency } from '../format-currency.ts';
import { card, coinLink, limitedTable, money, pct, readerMinute, rowLimit, signedPct, sym } from './card.ts';
import type { InsightAlert, InsightsInput } from './input.ts';

export interface AlertDistance {
  alert: InsightAlert;
  /** right − left: how far the left side must move to meet the condition. */
  points: number;
  /** points ÷ |right| × 100. */
  percent: number;
}

const rising = (op: string) => op === '>=' || op === 'crosses_above';

/** The watched side now: money in US dollars with its sign, as the condition beside it; RSI plain. */
const watchedNow = (alert: InsightAlert) =>
  alert.left === null
    ? '—'
    : alert.metric === 'rsi'
      ? formatAlertNumber(alert.left)
      : formatCurrency(alert.left, 'usd');

/** Active alerts not met yet, with the move that would trigger them, nearest first. */
export function alertDistances(alerts: readonly InsightAlert[]): AlertDistance[] {
  const out: AlertDistance[] = [];
  for (const alert of alerts) {
    if (!alert.active || alert.left === null || alert.right === null || alert.right === 0) continue;
    const points = alert.right - alert.left;
    // Already on the firing side: the engine fires it on the next tick (or it waits for a cross).
    if (rising(alert.op) ? points <= 0 : points >= 0) continue;
    out.push({ alert, points, percent: (points / Math.abs(alert.right)) * 100 });
  }
  return out.sort((a, b) => Math.abs(a.percent) - Math.abs(b.percent));
}

const weekMs = 7 * 86_400_000;

/** Kind 9. Alerts close to triggering, and alerts that fired in the last 7 days with the price since. */
export function alertsInsight(input: InsightsInput): InsightCard | null {
  const near = new Dec(input.settings.nearPercent).toNumber();
  const distances = alertDistances(input.alerts);
  const close = distances.filter((d) => Math.abs(d.percent) <= near);
  const since = input.now.getTime() - weekMs;
  const fired = input.firings.filter((f) => Date.parse(f.firedAt) >= since);
  if (distances.length === 0 && fired.length === 0) return null;
  const nearest = distances[0];
  const distanceText = (d: AlertDistance) =>
    d.alert.metric === 'price'
      ? `${pct(Math.abs(d.percent), 1)} away`
      : `${new Dec(Math.abs(d.points)).toFixed(2)} points (${pct(Math.abs(d.percent), 1)}) away`;
  const after = (priceAt: number | null, now: number | null) =>
    priceAt && now ? signedPct(((now - priceAt) / priceAt) * 100, 1) : 'n/a';
  const firstFired = fired[0];
  const parts = [
    close.length > 0 && nearest
      ? `${close.length} alert${close.length === 1 ? '' : 's'} within ${pct(near, 0)}: ${sym(nearest.alert.symbol)} ${nearest.alert.condition} is ${distanceText(nearest)}`
      : null,
    fired.length > 0 && firstFired
      ? `${fired.length} fired in the last 7 days (${sym(firstFired.symbol)} ${after(firstFired.priceAtFiring, firstFired.priceNow)} since)`
      : null,
  ].filter((p): p is string => p !== null);
  const headline =
    parts.length > 0
      ? `${parts.join('; ')}.`
      : nearest
        ? `No alert is within ${pct(near, 0)}; the nearest, ${sym(nearest.alert.symbol)} ${nearest.alert.condition}, is ${distanceText(nearest)}.`
        : 'No active alert can be measured yet.';
  const focus = close[0]?.alert ?? firstFired ?? nearest?.alert;
  return card({
    kind: 'alerts',
    severity: close.length > 0 ? 'notice' : 'info',
    title: 'Alerts',
    headline,
    figures: {
      near_alerts: String(close.length),
      fired_last_7_days: String(fired.length),
      ...(nearest ? { nearest_distance_pct: new Dec(Math.abs(nearest.percent)).toFixed(2) } : {}),
    },
    formula:
      `Distance = threshold − current value of the watched side (price or indicator), and as a share of the threshold; near = within ${pct(near, 0)}. ` +
      'Fired = notifications of the last 7 days; price since = (price now ÷ price when it fired − 1).',
    numbers: [
      ['Active alerts measured', String(distances.length)],
      ['Near', String(close.length)],
      ['Fired in 7 days', String(fired.length)],
    ],
    tables: [
      limitedTable(
        'Active alerts by distance',
        ['Coin', 'Condition', 'Now', 'Distance'],
        distances,
        (d) => [sym(d.alert.symbol), d.alert.condition, watchedNow(d.alert), distanceText(d)],
        rowLimit(input),
      ),
      limitedTable(
        'Fired in the last 7 days',
        ['Coin', 'Condition', 'Fired', 'Price then', 'Price now', 'Since'],
        fired,
        (f) => [
          sym(f.symbol),
          f.condition,
          readerMinute(f.firedAt, input),
          f.priceAtFiring === null ? '—' : money(new Dec(f.priceAtFiring), input.baseCurrency),
          f.priceNow === null ? '—' : money(new Dec(f.priceNow), input.baseCurrency),
          after(f.priceAtFiring, f.priceNow),
        ],
        rowLimit(input),
      ),
    ],
    actions: focus ? [coinLink(focus.coinId, focus.symbol)] : [],
  });
}
