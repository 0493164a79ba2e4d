/** API paths of this area, relative to the `/api` base. */
export const alertRoutes = {
  alerts: '/v2/alerts/',
  alert: (id: string) => `/v2/alerts/${encodeURIComponent(id)}/`,
  notifications: '/v2/notifications/',
  notificationsRead: '/v2/notifications/read/',
  notificationsReadAll: '/v2/notifications/read-all/',
  eventsStream: '/v2/events/stream',
  indicators: (coinId: string) => `/v2/cryptocurrencies/${encodeURIComponent(coinId)}/indicators/`,
} as const;

/** Server-sent event names on /api/v2/events/stream. */
export const streamEvents = { notification: 'notification', buffers: 'buffers' } as const;

/** No interval is prescribed; our heartbeat, a comment line, keeps proxies from closing an idle stream. */
export const streamHeartbeatMs = 25_000;
