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
