// Loaded by dashboard-api.ts with its first request (issue 15).
export {
  dashboardResponseSchema,
  explainResponseSchema,
  performanceResponseSchema,
  portfolioListResponseSchema,
  transactionListResponseSchema,
} from '@app/contracts';
