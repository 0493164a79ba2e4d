// Loaded by shares-api.ts with its first request, so zod stays out of the first paint.
export { shareListResponseSchema, shareSchema } from '@app/contracts';
