export * from './exchange-client.ts';
export * from './exchange-cursor.ts';
export * from './exchange-error.ts';
export * from './exchange-history.ts';
export * from './exchange-names.ts';
export * from './exchange-records.ts';
export * from './key-permissions.ts';
export * from './read-exchange-history.ts';
