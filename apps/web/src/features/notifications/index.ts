export { AlertsPanel, unreadLabel } from './alerts-panel';
export { NotificationToasts } from './notification-toasts';
export { useNotifications } from './use-notifications';
