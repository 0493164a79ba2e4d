export * from './ema.ts';
export * from './macd.ts';
export * from './rsi.ts';
export * from './sma.ts';
export { type IndicatorSeries, indicatorPeriodMax, indicatorPeriodMin } from './validate.ts';
export * from './window.ts';
