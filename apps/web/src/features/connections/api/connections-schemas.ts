// The response schemas, loaded with the feature's first request in its lazy chunk
// (connection-parts), so zod stays out of the first paint.
export {
  connectionListResponseSchema,
  connectionReconciliationSchema,
  connectionSchema,
  connectionTokenListSchema,
  heldRecordListSchema,
  heldRecordSchema,
  portfolioListResponseSchema,
  transactionListResponseSchema,
} from '@app/contracts';
