export * from './account-history.ts';
export * from './etherscan-client.ts';
export * from './etherscan-schemas.ts';
