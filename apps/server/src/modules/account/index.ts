export { type AccountModuleDeps, registerAccountModule } from './account-module.ts';
export { exportedTables, leftOutTables } from './user-data-tables.ts';
