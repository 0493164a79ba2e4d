// Loaded by portfolios-api.ts with its first request, so zod stays out of the first paint.
export {
  importCommitResponseSchema,
  importPreviewResponseSchema,
  portfolioListResponseSchema,
  portfolioSchema,
} from '@app/contracts';
