// Loaded by portfolios-api.ts with its first request (issue 15).
export {
  importCommitResponseSchema,
  importPreviewResponseSchema,
  portfolioListResponseSchema,
  portfolioSchema,
} from '@app/contracts';
