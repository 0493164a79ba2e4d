export * from './alerts.ts';
export * from './auth.ts';
export * from './errors.ts';
export * from './market.ts';
export * from './messages.ts';
export * from './portfolio.ts';
export * from './projections.ts';
export * from './routes.ts';
