// notification-delivery's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

/**
 * Alert delivery channels (set on /settings/notifications): in-app always; email to the
 * account's address; webhooks with presets. Secrets are write-only: responses carry `target`, a
 * masked form (scheme, host and the last characters), never the URL or token itself.
 */
export const deliveryRoutes = {
  channels: '/v2/notification-channels/',
  channel: (id: string) => `/v2/notification-channels/${encodeURIComponent(id)}/`,
  channelTest: (id: string) => `/v2/notification-channels/${encodeURIComponent(id)}/test/`,
  preferences: '/v2/notification-preferences/',
  deliveries: '/v2/notification-deliveries/',
  deliveryRetry: (id: string) => `/v2/notification-deliveries/${encodeURIComponent(id)}/retry/`,
} as const;

export const notificationChannelKinds = ['email', 'webhook'] as const;

export type NotificationChannelKind = (typeof notificationChannelKinds)[number];

export const webhookPresets = ['ntfy', 'gotify', 'discord', 'slack', 'telegram', 'json'] as const;

export type WebhookPreset = (typeof webhookPresets)[number];

/** What each preset asks for, for the form and the server's checks alike. */
export const webhookPresetFacts: Record<
  WebhookPreset,
  {
    label: string;
    url: 'required' | 'optional';
    token: 'required' | 'optional' | 'none';
    chatId: boolean;
    urlHint: string;
  }
> = {
  ntfy: {
    label: 'ntfy',
    url: 'required',
    token: 'optional',
    chatId: false,
    urlHint: 'https://ntfy.sh/your-topic',
  },
  gotify: {
    label: 'Gotify',
    url: 'required',
    token: 'required',
    chatId: false,
    urlHint: 'https://gotify.example.com',
  },
  discord: {
    label: 'Discord',
    url: 'required',
    token: 'none',
    chatId: false,
    urlHint: 'https://discord.com/api/webhooks/…',
  },
  slack: {
    label: 'Slack',
    url: 'required',
    token: 'none',
    chatId: false,
    urlHint: 'https://hooks.slack.com/services/…',
  },
  telegram: {
    label: 'Telegram bot',
    url: 'optional',
    token: 'required',
    chatId: true,
    urlHint: 'https://api.telegram.org (or your Bot API server)',
  },
  json: {
    label: 'Generic JSON POST',
    url: 'required',
    token: 'optional',
    chatId: false,
    urlHint: 'https://example.com/hook',
  },
};
