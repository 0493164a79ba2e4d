export * from './coin-rules.ts';
export * from './currency.ts';
export * from './daily-candles.ts';
export * from './market-list.ts';
export * from './require-id.ts';
export * from './search-query.ts';
export * from './source-text.ts';
export * from './sparkline.ts';
