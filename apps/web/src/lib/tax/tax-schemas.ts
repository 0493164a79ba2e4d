// Loaded by tax-api.ts (and the tax page's portfolio list) with their first request, so zod stays out of the first paint.
export {
  lotsViewSchema,
  portfolioListResponseSchema,
  projectionTaxResponseSchema,
  returnsResponseSchema,
  taxHistorySchema,
  taxReportResponseSchema,
  taxSettingsSchema,
} from '@app/contracts';
