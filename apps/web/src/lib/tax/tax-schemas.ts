// Loaded by tax-api.ts (and the tax page's portfolio list) with their first request (issue 15).
export {
  lotsViewSchema,
  portfolioListResponseSchema,
  projectionTaxResponseSchema,
  returnsResponseSchema,
  taxReportResponseSchema,
  taxSettingsSchema,
} from '@app/contracts';
