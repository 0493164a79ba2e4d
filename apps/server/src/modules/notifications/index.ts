export { createConnectionFailureNotifier } from './connection-notices.ts';
export { registerNotificationRoutes } from './notifications.routes.ts';
export { createNotificationsService } from './notifications.service.ts';
