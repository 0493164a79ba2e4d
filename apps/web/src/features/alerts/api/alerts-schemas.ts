// Loaded by alerts-api.ts with its first request, so zod stays out of the first paint.
export {
  alertListResponseSchema,
  alertSchema,
  indicatorResponseSchema,
} from '@app/contracts';
