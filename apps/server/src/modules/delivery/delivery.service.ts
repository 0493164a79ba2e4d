import { randomUUID } from 'node:crypto';
import {
  type ChannelCreateBody,
  type ChannelTestResponse,
  type ChannelUpdateBody,
  channelUpdateIssues,
  type Delivery,
  type DeliveryListQuery,
  type DeliveryListResponse,
  defaultNotificationPreferences,
  deliveryLimits,
  deliveryMessages,
  errorCodes,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UrlCheck } from '../../lib/outbound-guard.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import {
  countChannels,
  countDead,
  deleteChannel,
  findChannel,
  findPreferences,
  insertChannel,
  listChannels,
  listDeliveries,
  lockUser,
  type NotificationChannelRow,
  type NotificationPreferencesRow,
  requeueDead,
  updateChannel,
  upsertPreferences,
} from './channels.repository.ts';
import { testMessage } from './delivery-text.ts';
import { type Dispatcher, readSecret } from './dispatch.ts';
import { type ChannelSecret, maskTarget } from './presets.ts';

export interface DeliveryServiceDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  dispatcher: Dispatcher;
  /** The webhook sender's own check, so a URL is saved under the policy it will be sent under. */
  checkUrl: (url: string) => Promise<UrlCheck>;
  publicUrl: string;
  /** The account's email, shown as the email channel's target. */
  emailOf: (userId: string) => Promise<string>;
}

const notFound = (message: string = deliveryMessages.channelNotFound) =>
  new AppError({ code: errorCodes.notFound, message });

function toChannel(row: NotificationChannelRow, email: string): NotificationChannel {
  return {
    id: row.id,
    kind: row.kind,
    preset: row.preset ?? null,
    name: row.name,
    target: row.kind === 'email' ? email : row.secretHint,
    enabled: row.enabled,
    status: row.status,
    last_error: row.lastError,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function toPreferences(row: NotificationPreferencesRow | undefined): NotificationPreferences {
  if (!row) return defaultNotificationPreferences;
  return {
    time_zone: row.timeZone,
    quiet_start: row.quietStart,
    quiet_end: row.quietEnd,
    digest: row.digest,
    digest_time: row.digestTime,
  };
}

const secretOf = (b: {
  url?: string | undefined;
  token?: string | undefined;
  chat_id?: string | undefined;
}) => {
  const out: ChannelSecret = {};
  if (b.url) out.url = b.url;
  if (b.token) out.token = b.token;
  if (b.chat_id) out.chat_id = b.chat_id;
  return out;
};

export function createDeliveryService(deps: DeliveryServiceDeps) {
  const { db, clock, secrets } = deps;

  /** SSRF: refuse a URL whose host is or resolves to a private address. */
  async function assertUrlAllowed(url: string | undefined): Promise<void> {
    if (!url) return;
    const check = await deps.checkUrl(url);
    if (check === 'private') throw validationError({ url: [deliveryMessages.urlPrivate] });
    if (check === 'unresolvable') throw validationError({ url: [deliveryMessages.urlUnresolvable] });
  }

  async function present(row: NotificationChannelRow): Promise<NotificationChannel> {
    return toChannel(row, row.kind === 'email' ? await deps.emailOf(row.userId) : '');
  }

  return {
    async listChannels(userId: string): Promise<{ results: NotificationChannel[] }> {
      const rows = await listChannels(db, userId);
      const email = rows.some((r) => r.kind === 'email') ? await deps.emailOf(userId) : '';
      return { results: rows.map((r) => toChannel(r, email)) };
    },

    async createChannel(userId: string, body: ChannelCreateBody): Promise<NotificationChannel> {
      if (body.kind === 'webhook') await assertUrlAllowed(body.url);
      const id = randomUUID();
      const now = clock();
      const secret = body.kind === 'webhook' ? secretOf(body) : null;
      const row = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        if ((await countChannels(tx, userId)) >= deliveryLimits.channelsPerUser) {
          throw new AppError({ code: 'conflict', message: deliveryMessages.tooManyChannels });
        }
        if (body.kind === 'email' && (await listChannels(tx, userId)).some((c) => c.kind === 'email')) {
          throw new AppError({ code: 'conflict', message: deliveryMessages.emailTwice });
        }
        return insertChannel(tx, {
          id,
          userId,
          kind: body.kind,
          preset: body.kind === 'webhook' ? (body.preset ?? null) : null,
          name: body.name,
          secret: secret && body.preset ? secrets.seal(JSON.stringify(secret), id) : null,
          secretHint: secret && body.preset ? maskTarget(body.preset, secret) : '',
          enabled: body.enabled,
          createdAt: now,
          updatedAt: now,
        });
      });
      return present(row);
    },

    async updateChannel(userId: string, id: string, body: ChannelUpdateBody): Promise<NotificationChannel> {
      const current = await findChannel(db, userId, id);
      if (!current) throw notFound();
      const touchesSecret = body.url !== undefined || body.token !== undefined || body.chat_id !== undefined;
      const values: Parameters<typeof updateChannel>[3] = { updatedAt: clock() };
      if (body.name !== undefined) values.name = body.name;
      if (body.enabled !== undefined) values.enabled = body.enabled;
      if (touchesSecret && current.kind === 'webhook' && current.preset) {
        const fields: Record<string, string[]> = {};
        for (const i of channelUpdateIssues(current.preset, body)) fields[i.path.join('.')] = [i.message];
        if (Object.keys(fields).length > 0) throw validationError(fields);
        const old = readSecret(secrets, current);
        if (old === null && (body.url === undefined || body.token === undefined)) {
          throw validationError({ url: [deliveryMessages.cannotDecrypt] });
        }
        const merged = { ...(old ?? {}), ...secretOf(body) };
        for (const key of ['url', 'token', 'chat_id'] as const) if (body[key] === '') delete merged[key];
        await assertUrlAllowed(body.url);
        values.secret = secrets.seal(JSON.stringify(merged), current.id);
        values.secretHint = maskTarget(current.preset, merged);
      }
      // A changed target or a channel turned back on starts healthy again.
      if (touchesSecret || body.enabled === true) {
        values.status = 'ok';
        values.lastError = null;
        values.failingSince = null;
      }
      const row = await updateChannel(db, userId, id, values);
      if (!row) throw notFound();
      return present(row);
    },

    async removeChannel(userId: string, id: string): Promise<void> {
      if (!(await deleteChannel(db, userId, id))) throw notFound();
    },

    /** Sends at once; success heals a failing channel, a permanent failure marks it failing. */
    async testChannel(userId: string, id: string): Promise<ChannelTestResponse> {
      const current = await findChannel(db, userId, id);
      if (!current) throw notFound();
      const now = clock();
      const message = testMessage(current.name, now, deps.publicUrl);
      const channel = { ...current, email: await deps.emailOf(userId) };
      const outcome = await deps.dispatcher.dispatch(channel, message, `test:${current.id}:${now.getTime()}`);
      const values = outcome.ok
        ? { status: 'ok' as const, lastError: null, failingSince: null }
        : outcome.permanent
          ? {
              status: 'failing' as const,
              lastError: outcome.error,
              failingSince: current.failingSince ?? now,
            }
          : { lastError: outcome.error };
      const row = (await updateChannel(db, userId, id, values)) ?? current;
      return {
        delivered: outcome.ok,
        error: outcome.ok ? null : outcome.error,
        channel: await present(row),
      };
    },

    async preferences(userId: string): Promise<NotificationPreferences> {
      return toPreferences(await findPreferences(db, userId));
    },

    async updatePreferences(
      userId: string,
      body: NotificationPreferencesUpdate,
    ): Promise<NotificationPreferences> {
      const values: Parameters<typeof upsertPreferences>[2] = {};
      if (body.time_zone !== undefined) values.timeZone = body.time_zone;
      if (body.quiet_start !== undefined) values.quietStart = body.quiet_start;
      if (body.quiet_end !== undefined) values.quietEnd = body.quiet_end;
      if (body.digest !== undefined) values.digest = body.digest;
      if (body.digest_time !== undefined) values.digestTime = body.digest_time;
      return toPreferences(await upsertPreferences(db, userId, values, clock()));
    },

    async deliveries(userId: string, query: DeliveryListQuery): Promise<DeliveryListResponse> {
      const [rows, dead] = await Promise.all([listDeliveries(db, userId, query), countDead(db, userId)]);
      const results: Delivery[] = rows.map(({ delivery: d, channelName }) => ({
        id: d.id,
        channel_id: d.channelId,
        channel_name: channelName,
        notification_id: d.notificationId,
        idempotency_key: d.idempotencyKey,
        status: d.status,
        attempts: d.attempts,
        title: d.message.title,
        body: d.message.body,
        last_error: d.lastError,
        fired_at: d.firedAt.toISOString(),
        next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
        delivered_at: d.deliveredAt?.toISOString() ?? null,
      }));
      return { results, dead_count: dead };
    },

    async retryDelivery(userId: string, id: string): Promise<void> {
      const result = await requeueDead(db, userId, id, clock());
      if (result === 'missing') throw notFound(deliveryMessages.deliveryNotFound);
      if (result === 'not_dead')
        throw new AppError({ code: 'conflict', message: deliveryMessages.retryOnlyDead });
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
