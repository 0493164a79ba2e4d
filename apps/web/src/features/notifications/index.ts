export { AlertsPanel, unreadLabel } from './alerts-panel';
export { useNotifications } from './use-notifications';
