import {
  alertRoutes,
  apiBase,
  type Notification,
  type NotificationListQuery,
  type NotificationListResponse,
  type NotificationReadResponse,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { countActiveAlerts } from '../alerts/index.ts';
import {
  countNotifications,
  listNotifications,
  markAllRead,
  markRead,
  type NotificationRow,
} from './notifications.repository.ts';

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
    coin_coingecko_id: row.coinCoingeckoId,
    event_payload: row.eventPayload,
  };
}

const pageUrl = (page: number, size: number) =>
  `${apiBase}${alertRoutes.notifications}?page=${page}&page_size=${size}`;

export function createNotificationsService(deps: { db: Db }) {
  const { db } = deps;

  async function unreadCount(userId: string): Promise<number> {
    // With no active alert the badge is zero and the list is empty.
    if ((await countActiveAlerts(db, userId)) === 0) return 0;
    return (await countNotifications(db, userId)).unread;
  }

  return {
    async list(userId: string, query: NotificationListQuery): Promise<NotificationListResponse> {
      const empty = { results: [], count: 0, next: null, previous: null, unread_count: 0 };
      if ((await countActiveAlerts(db, userId)) === 0) return empty;
      const { page, page_size: size } = query;
      const [rows, counts] = await Promise.all([
        listNotifications(db, userId, { limit: size, offset: (page - 1) * size }),
        countNotifications(db, userId),
      ]);
      return {
        results: rows.map(toNotification),
        count: counts.total,
        next: page * size < counts.total ? pageUrl(page + 1, size) : null,
        previous: page > 1 ? pageUrl(page - 1, size) : null,
        unread_count: counts.unread,
      };
    },

    async markRead(userId: string, ids: readonly string[]): Promise<NotificationReadResponse> {
      const updated = await markRead(db, userId, ids);
      return { updated, unread_count: await unreadCount(userId) };
    },

    async markAllRead(userId: string): Promise<NotificationReadResponse> {
      const updated = await markAllRead(db, userId);
      return { updated, unread_count: await unreadCount(userId) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
