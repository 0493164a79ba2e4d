// One file per area; drizzle-kit reads this folder. Add a line per new area file.
export * from './auth.ts';
export * from './projections.ts';
export * from './portfolios.ts';
export * from './market.ts';
export * from './alerts.ts';
