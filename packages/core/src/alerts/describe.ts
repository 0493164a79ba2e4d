import type { AlertEventOperand, AlertMetric, AlertOperand, AlertOperator } from '@app/contracts';

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

/** "EMA(50) ≥ SMA(200)" */
export function describeCondition(c: {
  left: AlertOperand | AlertEventOperand;
  op: AlertOperator;
  right: AlertOperand | AlertEventOperand;
}): string {
  return `${describeOperand(c.left)} ${alertOperatorLabels[c.op]} ${describeOperand(c.right)}`;
}
