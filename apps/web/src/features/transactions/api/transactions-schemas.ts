// Loaded by transactions-api.ts with its first request, so zod stays out of the first paint.
export {
  availableCryptocurrenciesResponseSchema,
  marketSelectResponseSchema,
  transactionListResponseSchema,
  transactionOptionsSchema,
  transactionPreviewResponseSchema,
  transactionSchema,
} from '@app/contracts';
