import type {
  AlertEventOperand,
  AlertEventPayload,
  AlertMetric,
  AlertOperand,
  AlertOperator,
} from '@app/contracts';
import {
  alertMetricLabels,
  alertOperatorLabels,
  describeFiredCondition as describeFiredText,
  formatAlertNumber,
} from '@app/core';
import { formatMoney } from './settings';

type Operand = AlertOperand | AlertEventOperand;

/** RSI is an index from 0 to 100; every other alert metric (price, EMA, SMA, MACD) is in money. */
const unitless: ReadonlySet<AlertMetric> = new Set(['rsi']);

function isMoneyCondition(left: Operand, right: Operand): boolean {
  const metric = (o: Operand) => (o.type === 'indicator' ? o.metric : null);
  const metrics = [metric(left), metric(right)].filter((m): m is AlertMetric => m !== null);
  return metrics.length > 0 && metrics.some((m) => !unitless.has(m));
}

/**
 * Money reads with its symbol in the currency the engine compares it in ("€92,000" for a price
 * threshold set in euros, "$100,000" for the rest); privacy mode masks money and leaves RSI
 * levels, which are not amounts.
 */
function amount(value: number, money: boolean, currency: string): string {
  return money ? formatMoney(value, currency) : formatAlertNumber(value);
}

function label(o: Operand): string {
  if (o.type === 'value' || o.metric === null) return '';
  const name = alertMetricLabels[o.metric];
  return o.params.period === null ? name : `${name}(${o.params.period})`;
}

/**
 * "Price ≥ €92,000", "RSI(14) ≤ 30", "EMA(50) crosses above SMA(200)": a price threshold in its
 * alert's own currency, every other amount in US dollars.
 */
export function describeAlertCondition(c: {
  left: AlertOperand;
  op: AlertOperator;
  right: AlertOperand;
  currency?: string | null | undefined;
}): string {
  const money = isMoneyCondition(c.left, c.right);
  const currency = c.currency ?? 'usd';
  const side = (o: AlertOperand) => (o.type === 'value' ? amount(o.value, money, currency) : label(o));
  return `${side(c.left)} ${alertOperatorLabels[c.op]} ${side(c.right)}`;
}

/**
 * A fired condition with the values it had: in the alert's own currency when it was compared in
 * one, else in the user's base currency at firing when the payload carries it ("Price €93,512.40
 * ≥ €92,000.00"); older notifications read in US dollars.
 */
export function describeFiredCondition(p: AlertEventPayload): string {
  return describeFiredText(p, (value, currency) => formatMoney(value, currency));
}
