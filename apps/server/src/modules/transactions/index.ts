export { type CsvImportService, createCsvImportService } from './csv-import.service.ts';
export type { LotChoiceCheck, LotChoiceEdit, LotChoiceVerdict } from './lot-choice-check.ts';
export { findLotChoices, findUserLotChoices, type StoredLotChoice } from './lot-choices.repository.ts';
export { toTransaction } from './transaction-mapper.ts';
export { createTransactionOptionsService } from './transaction-options.service.ts';
export { registerTransactionRoutes } from './transactions.routes.ts';
export { createTransactionsService, type TransactionsService } from './transactions.service.ts';
