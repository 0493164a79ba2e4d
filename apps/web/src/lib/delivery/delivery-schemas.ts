// Loaded by delivery-api.ts with its first request, so zod stays out of the first paint.
export {
  channelListResponseSchema,
  channelTestResponseSchema,
  deliveryListResponseSchema,
  deliveryRetryResponseSchema,
  notificationChannelSchema,
  notificationPreferencesSchema,
} from '@app/contracts';
