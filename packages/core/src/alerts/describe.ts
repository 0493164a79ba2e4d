import type { AlertEventOperand, AlertMetric, AlertOperand, AlertOperator } from '@app/contracts';
import { formatCurrency } from '../format-currency.ts';

export const alertMetricLabels: Record<AlertMetric, string> = {
  price: 'Price',
  rsi: 'RSI',
  ema: 'EMA',
  sma: 'SMA',
  macd: 'MACD',
  macd_signal: 'MACD signal',
  macd_histogram: 'MACD histogram',
};

export const alertOperatorLabels: Record<AlertOperator, string> = {
  '>=': '≥',
  '<=': '≤',
  crosses_above: 'crosses above',
  crosses_below: 'crosses below',
};

/** Up to 8 significant decimals, no exponent, so 0.00001234 and 100000 both read naturally. */
export function formatAlertNumber(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  const digits = abs >= 1000 ? 2 : abs >= 1 ? 4 : 8;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, useGrouping: abs >= 10_000 });
}

/** "RSI(14)", "Price", "MACD histogram", or the constant itself. */
export function describeOperand(operand: AlertOperand | AlertEventOperand): string {
  if (operand.type === 'value' || operand.metric === null)
    return formatAlertNumber(operand.value ?? Number.NaN);
  const label = alertMetricLabels[operand.metric];
  return operand.params.period === null ? label : `${label}(${operand.params.period})`;
}

/**
 * "EMA(50) ≥ SMA(200)", "Price ≥ $4,000.00", "RSI(14) ≤ 30". A threshold compared with a money
 * metric is money: alerts compare US dollars, so it reads in dollars with the currency
 * decimals, as the alerts page writes it.
 */
export function describeCondition(c: {
  left: AlertOperand | AlertEventOperand;
  op: AlertOperator;
  right: AlertOperand | AlertEventOperand;
}): string {
  const money = isMoneyCondition(c.left, c.right);
  const side = (o: AlertOperand | AlertEventOperand) =>
    money && (o.type === 'value' || o.metric === null) && o.value !== null
      ? formatCurrency(o.value, 'usd')
      : describeOperand(o);
  return `${side(c.left)} ${alertOperatorLabels[c.op]} ${side(c.right)}`;
}

/** RSI is an index from 0 to 100; every other alert metric (price, EMA, SMA, MACD) is money. */
const unitlessMetrics: ReadonlySet<AlertMetric> = new Set(['rsi']);

type AnyOperand = AlertOperand | AlertEventOperand;

/** True when the condition compares amounts of money (any side a money metric). */
export function isMoneyCondition(left: AnyOperand, right: AnyOperand): boolean {
  const metric = (o: AnyOperand) => (o.type === 'indicator' ? o.metric : null);
  const metrics = [metric(left), metric(right)].filter((m): m is AlertMetric => m !== null);
  return metrics.length > 0 && metrics.some((m) => !unitlessMetrics.has(m));
}

const firedOperators: Record<AlertOperator, string> = {
  '>=': '≥',
  '<=': '≤',
  crosses_above: 'crossed above',
  crosses_below: 'crossed below',
};

/**
 * A fired condition with the values it had: "Price €93,512.40 ≥ €92,000.00". The engine compares
 * US dollars unless the alert's price threshold is in another currency (`values_currency`); a
 * dollar payload that carries the user's currency at firing converts money with
 * that rate, so every reader (the app, email, webhooks) shows the same figures. `money` formats an
 * amount in `currency` (the app masks it in privacy mode).
 */
export function describeFiredCondition(
  p: {
    left: AlertEventOperand;
    op: AlertOperator;
    right: AlertEventOperand;
    currency?: { code: string; rate: number } | undefined;
    values_currency?: string | undefined;
  },
  money: (value: number, currency: string) => string,
): string {
  // A threshold set in another currency was compared in it: its figures read as they are.
  const code = p.values_currency ?? p.currency?.code ?? 'usd';
  const rate = p.values_currency === undefined ? (p.currency?.rate ?? 1) : 1;
  const moneyCondition = isMoneyCondition(p.left, p.right);
  const amount = (value: number, isMoney: boolean) =>
    isMoney ? money(value * rate, code) : formatAlertNumber(value);
  const side = (o: AlertEventOperand) => {
    if (o.type === 'value' || o.metric === null) return amount(o.value, moneyCondition);
    const name = alertMetricLabels[o.metric];
    const label = o.params.period === null ? name : `${name}(${o.params.period})`;
    return `${label} ${amount(o.value, !unitlessMetrics.has(o.metric))}`;
  };
  return `${side(p.left)} ${firedOperators[p.op]} ${side(p.right)}`;
}
