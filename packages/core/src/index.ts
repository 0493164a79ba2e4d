export * from './decimal.ts';
export * from './format-currency.ts';
export * from './parse-number.ts';
export * from './relative-time.ts';
export * from './return-path.ts';
