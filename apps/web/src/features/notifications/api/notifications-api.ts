import { alertRoutes, type NotificationListResponse, type NotificationReadResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { notificationsQueryRoot } from '@/lib/events';

/** Notifications go stale after 30 s; 10 are shown, in a panel 200 px high. */
export const notificationLimits = { shown: 10, panelHeightPx: 200, staleMs: 30_000, pageSize: 20 } as const;

export const notificationKeys = {
  all: [notificationsQueryRoot] as const,
  page: (page: number, size: number) => [notificationsQueryRoot, 'list', page, size] as const,
};

const schemas = () => import('./notification-schemas');

export async function getNotifications(
  page: number,
  size: number,
  signal?: AbortSignal,
): Promise<NotificationListResponse> {
  const { notificationListResponseSchema } = await schemas();
  return apiRequest(`${alertRoutes.notifications}?page=${page}&page_size=${size}`, {
    schema: notificationListResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export async function postNotificationsRead(ids: string[]): Promise<NotificationReadResponse> {
  const { notificationReadResponseSchema } = await schemas();
  return apiRequest(alertRoutes.notificationsRead, {
    method: 'POST',
    body: { ids },
    schema: notificationReadResponseSchema,
  });
}

export async function postNotificationsReadAll(): Promise<NotificationReadResponse> {
  const { notificationReadResponseSchema } = await schemas();
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
