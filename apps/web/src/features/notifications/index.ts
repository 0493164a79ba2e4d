// The Alerts panel and the notification toasts are not here: the app shell loads them lazily
// (alerts-panel, notification-toasts), so their code stays out of every page's first load.
export { unreadLabel } from './unread-label';
export { useNotifications } from './use-notifications';
