import type { Notification } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationKeys,
  notificationLimits,
  notificationsQuery,
  postNotificationsRead,
  postNotificationsReadAll,
} from './api/notifications-api';

export interface NotificationsView {
  /** The most recent ones (10), newest first. */
  notifications: Notification[];
  unreadCount: number;
  isLoading: boolean;
  isError: boolean;
  markAllRead: () => void;
  markRead: (id: string) => void;
}

/** Marking read refreshes every notifications query (panel, badge, full page). */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: notificationKeys.all });
  const one = useMutation({ mutationFn: (ids: string[]) => postNotificationsRead(ids), onSettled });
  const all = useMutation({ mutationFn: postNotificationsReadAll, onSettled });
  return { markRead: (id: string) => one.mutate([id]), markAllRead: () => all.mutate() };
}

/**
 * The badge and the Alerts panel. The server applies the rule that with no
 * active alert the badge count is zero and the list is empty, so this shows what it answers. New ones arrive
 * through the event stream, which invalidates these queries.
 */
export function useNotifications(enabled = true): NotificationsView {
  const query = useQuery({ ...notificationsQuery(1, notificationLimits.shown), enabled });
  const { markRead, markAllRead } = useMarkNotificationsRead();
  return {
    notifications: query.data?.results ?? [],
    unreadCount: query.data?.unread_count ?? 0,
    isLoading: query.isLoading,
    isError: query.isError,
    markAllRead,
    markRead,
  };
}
