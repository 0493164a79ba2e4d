export { createBinanceSecondary } from './binance-secondary.ts';
export { putSecondaryCandles, readSeriesBounds } from './history.repository.ts';
export { planHistoryRanges } from './history-backfill.ts';
