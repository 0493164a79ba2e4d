// Loaded by coin-lookup.ts with its first request (issue 15).
export { cryptoOptionsResponseSchema } from '@app/contracts';
