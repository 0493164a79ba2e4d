export { type CsvImportService, createCsvImportService } from './csv-import.service.ts';
export { toTransaction } from './transaction-mapper.ts';
export { createTransactionOptionsService } from './transaction-options.service.ts';
export { registerTransactionRoutes } from './transactions.routes.ts';
export { createTransactionsService, type TransactionsService } from './transactions.service.ts';
