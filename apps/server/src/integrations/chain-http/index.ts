export * from './chain-http-client.ts';
export * from './clock.ts';
export * from './explorer-error.ts';
export * from './request-budget.ts';
export * from './retry-after.ts';
export * from './token-bucket-budget.ts';
export * from './wording.ts';
