// Loaded by projections-api.ts with its first request, so zod stays out of the first paint.
export {
  calculateWithTransactionsResponseSchema,
  marketSelectResponseSchema,
  portfolioDataResponseSchema,
  projectionListResponseSchema,
  projectionSchema,
  searchResultSchema,
  sellTransactionListResponseSchema,
} from '@app/contracts';
