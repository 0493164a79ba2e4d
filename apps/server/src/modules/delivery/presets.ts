import type { DeliveryMessage, WebhookPreset } from '@app/contracts';

/** What a webhook channel keeps encrypted. */
export interface ChannelSecret {
  url?: string;
  token?: string;
  chat_id?: string;
}

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const telegramApi = 'https://api.telegram.org';
const appName = 'Exit Liquidity';

const json = (url: string, body: unknown, headers: Record<string, string> = {}): WebhookRequest => ({
  url,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

function text(message: DeliveryMessage, limit: number): string {
  const lines = [message.body, message.url].filter((l): l is string => Boolean(l)).join('\n');
  return lines.length > limit ? `${lines.slice(0, limit - 1)}…` : lines;
}

/**
 * Each preset's real request shape:
 * - ntfy: JSON publishing to the server root, `{ topic, title, message, tags, priority, click }`
 *   (docs.ntfy.sh/publish), with an access token as Bearer; the topic is the URL's last segment.
 * - Gotify: `POST {server}/message` with `X-Gotify-Key`, `{ title, message, priority, extras }`.
 * - Discord: execute webhook, `{ content (≤ 2000), username, allowed_mentions: { parse: [] } }`
 *   so an alert text can never ping @everyone.
 * - Slack: incoming webhook, `{ text }` with mrkdwn bold title.
 * - Telegram bot: `POST {api}/bot{token}/sendMessage`, `{ chat_id, text (≤ 4096), disable_web_page_preview }`.
 * - Generic JSON: the whole message with its idempotency key, a Bearer token when given.
 */
export function buildWebhookRequest(
  preset: WebhookPreset,
  secret: ChannelSecret,
  message: DeliveryMessage,
  idempotencyKey: string,
): WebhookRequest {
  const common = { 'idempotency-key': idempotencyKey, 'user-agent': 'ExitLiquidity/1 (+alert delivery)' };
  switch (preset) {
    case 'ntfy': {
      const target = new URL(secret.url ?? '');
      const segments = target.pathname.split('/').filter(Boolean);
      const topic = segments.pop() ?? '';
      target.pathname = `/${segments.join('/')}`;
      target.search = '';
      return json(
        target.toString(),
        {
          topic,
          title: message.title,
          message: text(message, 4000),
          tags: [message.kind === 'alert' ? 'chart_with_upwards_trend' : 'bell'],
          priority: message.kind === 'alert' ? 4 : 3,
          ...(message.url ? { click: message.url } : {}),
        },
        { ...common, ...bearer(secret.token) },
      );
    }
    case 'gotify':
      return json(
        `${(secret.url ?? '').replace(/\/+$/, '')}/message`,
        {
          title: message.title,
          message: text(message, 4000),
          priority: message.kind === 'alert' ? 6 : 4,
          ...(message.url ? { extras: { 'client::notification': { click: { url: message.url } } } } : {}),
        },
        { ...common, 'x-gotify-key': secret.token ?? '' },
      );
    case 'discord':
      return json(
        secret.url ?? '',
        {
          content: `**${message.title}**\n${text(message, 1900 - message.title.length)}`,
          username: appName,
          allowed_mentions: { parse: [] },
        },
        common,
      );
    case 'slack':
      return json(secret.url ?? '', { text: `*${message.title}*\n${text(message, 3500)}` }, common);
    case 'telegram':
      return json(
        `${(secret.url || telegramApi).replace(/\/+$/, '')}/bot${secret.token ?? ''}/sendMessage`,
        {
          chat_id: secret.chat_id ?? '',
          text: `${message.title}\n${text(message, 4000 - message.title.length)}`,
          disable_web_page_preview: true,
        },
        common,
      );
    case 'json':
      return json(
        secret.url ?? '',
        { idempotency_key: idempotencyKey, source: appName, ...message },
        { ...common, ...bearer(secret.token) },
      );
  }
}

/** The masked form the API shows: scheme, host and the last four characters, never the secret. */
export function maskTarget(preset: WebhookPreset, secret: ChannelSecret): string {
  const tail = (value: string) => (value.length <= 4 ? '…' : `…${value.slice(-4)}`);
  if (preset === 'telegram') {
    const chat = secret.chat_id ?? '';
    const chatShown = chat.length <= 4 ? chat : `…${chat.slice(-4)}`;
    return `bot ${tail(secret.token ?? '')} → chat ${chatShown}`;
  }
  try {
    const url = new URL(secret.url ?? '');
    const rest = `${url.pathname}${url.search}`.replace(/^\/$/, '');
    return `${url.protocol}//${url.host}${rest ? `/${tail(rest)}` : ''}`;
  } catch {
    return '…';
  }
}
