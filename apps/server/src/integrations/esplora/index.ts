export * from './confirmed-history.ts';
export * from './esplora-client.ts';
export * from './esplora-schemas.ts';
