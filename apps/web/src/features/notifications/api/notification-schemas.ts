/**
 * The notification schemas (with the alert operand schemas they are built from) load with the
 * first notifications request, not with the app shell: every signed-in page shows the badge, but
 * none needs these schemas to paint.
 */
export { notificationListResponseSchema, notificationReadResponseSchema } from '@app/contracts';
