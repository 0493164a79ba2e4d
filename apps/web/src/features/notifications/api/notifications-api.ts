import {
  alertRoutes,
  type NotificationListResponse,
  type NotificationReadResponse,
  notificationListResponseSchema,
  notificationReadResponseSchema,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { notificationsQueryRoot } from '@/lib/events';

/** Spec §9: "Notifications stale after 30 s", "10 shown, panel height 200". */
export const notificationLimits = { shown: 10, panelHeightPx: 200, staleMs: 30_000, pageSize: 20 } as const;

export const notificationKeys = {
  all: [notificationsQueryRoot] as const,
  page: (page: number, size: number) => [notificationsQueryRoot, 'list', page, size] as const,
};

export function getNotifications(
  page: number,
  size: number,
  signal?: AbortSignal,
): Promise<NotificationListResponse> {
  return apiRequest(`${alertRoutes.notifications}?page=${page}&page_size=${size}`, {
    schema: notificationListResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function postNotificationsRead(ids: string[]): Promise<NotificationReadResponse> {
  return apiRequest(alertRoutes.notificationsRead, {
    method: 'POST',
    body: { ids },
    schema: notificationReadResponseSchema,
  });
}

export function postNotificationsReadAll(): Promise<NotificationReadResponse> {
  return apiRequest(alertRoutes.notificationsReadAll, {
    method: 'POST',
    schema: notificationReadResponseSchema,
  });
}

export const notificationsQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: notificationKeys.page(page, size),
    queryFn: ({ signal }) => getNotifications(page, size, signal),
    staleTime: notificationLimits.staleMs,
  });
