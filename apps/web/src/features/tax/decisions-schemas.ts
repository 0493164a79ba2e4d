// Loaded with the decisions' first request (decisions-api.ts), so zod stays out of the page's first paint.
export { taxDecisionsSchema } from '@app/contracts';
