// One file per area; drizzle-kit reads this folder. Add a line per new area file.

export * from './access-tokens.ts';
export * from './alerts.ts';
export * from './auth.ts';
export * from './cash.ts';
export * from './delivery.ts';
export * from './idempotency.ts';
export * from './insights.ts';
export * from './instance.ts';
export * from './lot-choices.ts';
export * from './market.ts';
export * from './portfolio-shares.ts';
export * from './portfolios.ts';
export * from './projections.ts';
export * from './rate-limits.ts';
export * from './snapshots.ts';
export * from './tax.ts';
export * from './transfers.ts';
export * from './wallet-allocations.ts';
