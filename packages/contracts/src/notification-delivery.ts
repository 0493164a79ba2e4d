import { z } from 'zod';
import {
  notificationChannelKinds,
  type WebhookPreset,
  webhookPresetFacts,
  webhookPresets,
} from './notification-delivery-constants.ts';

export const channelStatuses = ['ok', 'failing'] as const;
export type ChannelStatus = (typeof channelStatuses)[number];

/** pending → delivered | dead; `digest` waits for the daily digest, then becomes `digested`. */
export const deliveryStatuses = ['pending', 'delivered', 'dead', 'digest', 'digested'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const deliveryLimits = {
  channelsPerUser: 10,
  nameMax: 60,
  urlMax: 2000,
  tokenMax: 500,
  chatIdMax: 100,
  channelIdsPerAlert: 10,
  deliveryPageSizeMax: 100,
} as const;

export const deliveryMessages = {
  nameRequired: 'Give the channel a name.',
  presetRequired: `Choose a preset: ${webhookPresets.join(', ')}.`,
  presetOnEmail: 'Email channels take no preset.',
  urlRequired: 'Enter the webhook URL.',
  urlInvalid: 'Enter an http:// or https:// URL.',
  urlPrivate:
    'This address is private or loopback; the administrator can allow it with WEBHOOK_ALLOW_PRIVATE=true.',
  urlUnresolvable: 'This host name does not resolve.',
  tokenRequired: 'Enter the token.',
  tokenNotUsed: 'This preset takes no token.',
  chatIdRequired: 'Enter the chat id.',
  chatIdNotUsed: 'Only Telegram takes a chat id.',
  emailTwice: 'You already have an email channel.',
  emailUnverified: 'Verify your email address first.',
  channelNotFound: 'Channel not found.',
  deliveryNotFound: 'Delivery not found.',
  retryOnlyDead: 'Only a failed delivery can be retried.',
  tooManyChannels: `You can have at most ${deliveryLimits.channelsPerUser} channels.`,
  timeInvalid: 'Use a time such as 22:00.',
  timeZoneInvalid: 'Unknown time zone.',
  quietBoth: 'Give both the start and the end of quiet hours, or neither.',
  cannotDecrypt: 'The saved secret cannot be read (SESSION_SECRET changed?); enter the URL or token again.',
} as const;

const cleanName = z
  .string({ error: deliveryMessages.nameRequired })
  .trim()
  .min(1, deliveryMessages.nameRequired)
  .max(deliveryLimits.nameMax);
const urlField = z
  .string({ error: deliveryMessages.urlInvalid })
  .trim()
  .max(deliveryLimits.urlMax)
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), deliveryMessages.urlInvalid);
const tokenField = z.string().trim().max(deliveryLimits.tokenMax);
const chatIdField = z.string().trim().max(deliveryLimits.chatIdMax);

type SecretFields = { preset?: WebhookPreset | null; url?: string; token?: string; chat_id?: string };

/** The per-preset rules; `partial` (PATCH) checks only the fields sent. */
function secretIssues(b: SecretFields, partial: boolean): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (!b.preset) return issues;
  const facts = webhookPresetFacts[b.preset];
  const given = (v: string | undefined) => v !== undefined && v !== '';
  if (facts.url === 'required' && !given(b.url) && !(partial && b.url === undefined)) {
    issues.push({ path: ['url'], message: deliveryMessages.urlRequired });
  }
  if (facts.token === 'required' && !given(b.token) && !(partial && b.token === undefined)) {
    issues.push({ path: ['token'], message: deliveryMessages.tokenRequired });
  }
  if (facts.token === 'none' && given(b.token))
    issues.push({ path: ['token'], message: deliveryMessages.tokenNotUsed });
  if (facts.chatId && !given(b.chat_id) && !(partial && b.chat_id === undefined)) {
    issues.push({ path: ['chat_id'], message: deliveryMessages.chatIdRequired });
  }
  if (!facts.chatId && given(b.chat_id))
    issues.push({ path: ['chat_id'], message: deliveryMessages.chatIdNotUsed });
  return issues;
}

/** POST /v2/notification-channels/ */
export const channelCreateBodySchema = z
  .object({
    kind: z.enum(notificationChannelKinds),
    preset: z.enum(webhookPresets, { error: deliveryMessages.presetRequired }).nullish(),
    name: cleanName,
    url: urlField.optional(),
    token: tokenField.optional(),
    chat_id: chatIdField.optional(),
    enabled: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'email') {
      if (b.preset)
        ctx.addIssue({ code: 'custom', path: ['preset'], message: deliveryMessages.presetOnEmail });
      return;
    }
    if (!b.preset) {
      ctx.addIssue({ code: 'custom', path: ['preset'], message: deliveryMessages.presetRequired });
      return;
    }
    for (const i of secretIssues(b, false)) ctx.addIssue({ code: 'custom', ...i });
  });
export type ChannelCreateBody = z.infer<typeof channelCreateBodySchema>;

/** PATCH /v2/notification-channels/{id}/: secrets change only when sent. */
export const channelUpdateBodySchema = z.object({
  name: cleanName.optional(),
  url: urlField.optional(),
  token: tokenField.optional(),
  chat_id: chatIdField.optional(),
  enabled: z.boolean().optional(),
});
export type ChannelUpdateBody = z.infer<typeof channelUpdateBodySchema>;

/** The preset rules for a PATCH merged with the stored preset (the body alone cannot know it). */
export function channelUpdateIssues(preset: WebhookPreset | null, body: ChannelUpdateBody) {
  return secretIssues({ preset, ...body }, true);
}

const timestamp = z.string();

export const notificationChannelSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationChannelKinds),
  preset: z.enum(webhookPresets).nullable(),
  name: z.string(),
  /** Masked: "https://ntfy.sh/…opic", "bot …XyZ1 → chat 12345", or the account's email. */
  target: z.string(),
  enabled: z.boolean(),
  status: z.enum(channelStatuses),
  last_error: z.string().nullable(),
  failing_since: timestamp.nullable(),
  created_at: timestamp,
});
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

export const channelListResponseSchema = z.object({ results: z.array(notificationChannelSchema) });
export type ChannelListResponse = z.infer<typeof channelListResponseSchema>;

/** POST …/test/: sent at once (not through the outbox), so the answer says what happened. */
export const channelTestResponseSchema = z.object({
  delivered: z.boolean(),
  error: z.string().nullable(),
  channel: notificationChannelSchema,
});
export type ChannelTestResponse = z.infer<typeof channelTestResponseSchema>;

const clockTime = z
  .string({ error: deliveryMessages.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, deliveryMessages.timeInvalid);

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const notificationPreferencesSchema = z.object({
  time_zone: z.string(),
  quiet_start: clockTime.nullable(),
  quiet_end: clockTime.nullable(),
  digest: z.boolean(),
  digest_time: clockTime,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const defaultNotificationPreferences: NotificationPreferences = {
  time_zone: 'UTC',
  quiet_start: null,
  quiet_end: null,
  digest: false,
  digest_time: '08:00',
};

/** PATCH /v2/notification-preferences/ */
export const notificationPreferencesUpdateSchema = z
  .object({
    time_zone: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine(isTimeZone, deliveryMessages.timeZoneInvalid)
      .optional(),
    quiet_start: clockTime.nullable().optional(),
    quiet_end: clockTime.nullable().optional(),
    digest: z.boolean().optional(),
    digest_time: clockTime.optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    const start = b.quiet_start;
    const end = b.quiet_end;
    if ((start === undefined) !== (end === undefined) || (start === null) !== (end === null)) {
      ctx.addIssue({ code: 'custom', path: ['quiet_end'], message: deliveryMessages.quietBoth });
    }
  });
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/** What one outbox row carries, rendered per preset when it is sent. */
export const deliveryMessageSchema = z.object({
  kind: z.enum(['alert', 'digest', 'test', 'notice']),
  title: z.string(),
  body: z.string(),
  coin_id: z.string().nullable(),
  /** Where the app shows it (the coin's terminal page). */
  url: z.string().nullable(),
  fired_at: timestamp,
  /** The notification's payload (alerts), for the generic JSON receiver. */
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;

export const deliverySchema = z.object({
  id: z.string(),
  channel_id: z.string(),
  channel_name: z.string(),
  notification_id: z.string().nullable(),
  idempotency_key: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.int().nonnegative(),
  title: z.string(),
  body: z.string(),
  last_error: z.string().nullable(),
  fired_at: timestamp,
  next_attempt_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryListQuerySchema = z.object({
  status: z.enum(deliveryStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(deliveryLimits.deliveryPageSizeMax).default(20),
});
export type DeliveryListQuery = z.infer<typeof deliveryListQuerySchema>;

export const deliveryListResponseSchema = z.object({
  results: z.array(deliverySchema),
  /** How many deliveries gave up (dead letters), for the settings page's warning. */
  dead_count: z.int().nonnegative(),
});
export type DeliveryListResponse = z.infer<typeof deliveryListResponseSchema>;

/** POST …/retry/: the dead letter is pending again. */
export const deliveryRetryResponseSchema = z.object({ id: z.string(), status: z.enum(deliveryStatuses) });
export type DeliveryRetryResponse = z.infer<typeof deliveryRetryResponseSchema>;
