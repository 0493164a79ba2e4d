// Loaded with the what-if's first request (what-if-api.ts), so zod stays out of the page's first paint.
export { portfolioListResponseSchema, whatIfResponseSchema } from '@app/contracts';
