// Loaded by projections-api.ts with its first request (issue 15).
export {
  calculateWithTransactionsResponseSchema,
  marketSelectResponseSchema,
  portfolioDataResponseSchema,
  projectionListResponseSchema,
  projectionSchema,
  searchResultSchema,
  sellTransactionListResponseSchema,
} from '@app/contracts';
