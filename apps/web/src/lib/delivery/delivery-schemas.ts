// Loaded by delivery-api.ts with its first request (issue 15).
export {
  channelListResponseSchema,
  channelTestResponseSchema,
  deliveryListResponseSchema,
  deliveryRetryResponseSchema,
  notificationChannelSchema,
  notificationPreferencesSchema,
} from '@app/contracts';
