// Loaded by transactions-api.ts with its first request (issue 15).
export {
  availableCryptocurrenciesResponseSchema,
  marketSelectResponseSchema,
  transactionListResponseSchema,
  transactionOptionsSchema,
  transactionPreviewResponseSchema,
  transactionSchema,
} from '@app/contracts';
