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
  type NotificationScope,
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

  /**
   * With no active alert the badge is zero and the list holds no alert's notification; a notice
   * that is no alert's (a wallet connection failing) still shows, as nothing else would tell.
   */
  async function scopeOf(userId: string): Promise<NotificationScope> {
    return (await countActiveAlerts(db, userId)) === 0 ? 'connection_notices' : 'all';
  }

  async function unreadCount(userId: string): Promise<number> {
    return (await countNotifications(db, userId, await scopeOf(userId))).unread;
  }

  return {
    async list(userId: string, query: NotificationListQuery): Promise<NotificationListResponse> {
      const scope = await scopeOf(userId);
      const { page, page_size: size } = query;
      const [rows, counts] = await Promise.all([
        listNotifications(db, userId, { limit: size, offset: (page - 1) * size }, scope),
        countNotifications(db, userId, scope),
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
