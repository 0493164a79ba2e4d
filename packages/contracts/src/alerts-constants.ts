// alerts's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

export const alertMetrics = ['price', 'rsi', 'ema', 'sma', 'macd', 'macd_signal', 'macd_histogram'] as const;

export type AlertMetric = (typeof alertMetrics)[number];

/** Metrics that take params.period. The macd family is fixed at 12/26/9; price is the live price. */
export const periodMetrics = ['rsi', 'ema', 'sma'] as const satisfies readonly AlertMetric[];

export type PeriodMetric = (typeof periodMetrics)[number];

export const isPeriodMetric = (metric: AlertMetric): metric is PeriodMetric =>
  (periodMetrics as readonly string[]).includes(metric);

export const alertOperators = ['>=', '<=', 'crosses_above', 'crosses_below'] as const;

export type AlertOperator = (typeof alertOperators)[number];

/**
 * True when the condition compares the live price with a number: that number is an amount of
 * money, typed and compared in the alert's own currency. Every other condition (an indicator
 * against a number or against another metric) is compared in US dollars and has no currency.
 */
export function hasPriceThreshold(c: {
  left: { type: string; metric: AlertMetric | null };
  right: { type: string; metric: AlertMetric | null };
}): boolean {
  const isPrice = (o: { type: string; metric: AlertMetric | null }) =>
    o.type === 'indicator' && o.metric === 'price';
  return (isPrice(c.left) && c.right.type === 'value') || (isPrice(c.right) && c.left.type === 'value');
}
