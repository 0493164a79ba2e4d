// Loaded by sale-lots-api.ts with the lot section's first request: only a sale's form needs it.
export { saleLotsResponseSchema } from '@app/contracts';
