// Loaded by dashboard-api.ts with its first request, so zod stays out of the first paint.
export {
  dashboardResponseSchema,
  explainResponseSchema,
  performanceResponseSchema,
  portfolioListResponseSchema,
  transactionListResponseSchema,
} from '@app/contracts';
