// Loaded by alerts-api.ts with its first request (issue 15).
export {
  alertListResponseSchema,
  alertSchema,
  indicatorResponseSchema,
} from '@app/contracts';
