// Loaded by coin-lookup.ts with its first request, so zod stays out of the first paint.
export { cryptoOptionsResponseSchema } from '@app/contracts';
