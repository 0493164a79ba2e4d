export * from './chart-timeframe';
export * from './coin-chart';
export * from './format';
export * from './market-api';
export * from './market-status';
export * from './use-debounced-value';
export * from './use-refresh-market';
