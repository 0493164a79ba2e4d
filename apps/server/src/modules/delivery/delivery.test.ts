import {
  channelTestResponseSchema,
  deliveryListResponseSchema,
  deliveryMessages,
  type NotificationChannel,
  notificationChannelSchema,
  notificationListResponseSchema,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../../events/event-bus.ts';
import { createSmtpMailer } from '../../integrations/mail/index.ts';
import { startFakeSmtpServer } from '../../test/fake-smtp-server.ts';
import {
  type HookBehaviour,
  type ReceivedHook,
  startFakeWebhookReceiver,
} from '../../test/fake-webhook-receiver.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp } from '../../test/test-client.ts';
import { createTestMarket } from '../../test/test-market.ts';
import { createAlertEngine } from '../alerts/index.ts';
import { createDeliveryParts, createOutboxWorker } from './delivery-module.ts';
import type { DeliveryWorker } from './outbox-worker.ts';

/**
 * Alert delivery end to end in one process: the real alert engine fires, the outbox rows
 * commit with the notifications, and the worker sends them to fake receivers on 127.0.0.1 that
 * succeed, fail (5xx, 404) and time out, and to a fake SMTP server.
 */
const market = createTestMarket();
// A EUR user reads the alert in euros at the rate of the firing moment.
const rated = { ...market, getUsdRates: async () => ({ usd: 1, eur: 0.5 }) };
const bus = createMemoryEventBus();
const behaviours = new Map<string, (n: number) => HookBehaviour>();
let receiver: Awaited<ReturnType<typeof startFakeWebhookReceiver>>;
let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
let t: TestApp;
let worker: DeliveryWorker;
let engine: ReturnType<typeof createAlertEngine>;

beforeAll(async () => {
  receiver = await startFakeWebhookReceiver((hook, n) => {
    const path = hook.path.split('?')[0] ?? '';
    return behaviours.get(path)?.(n) ?? { status: 200 };
  });
  smtp = await startFakeSmtpServer();
  const mailer = createSmtpMailer({
    url: `smtp://127.0.0.1:${smtp.port}/?ignoreTLS=true`,
    from: 'el@example.test',
  });
  t = await createTestApp({
    market,
    bus,
    mailer,
    env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '0.3', PUBLIC_URL: 'http://app.test' },
  });
  const parts = createDeliveryParts(t.config, mailer);
  worker = createOutboxWorker(t.config, parts, {
    db: t.database.db,
    clock: t.clock,
    bus,
    backoffBaseMs: 1_000,
    maxAttempts: 4,
  });
  engine = createAlertEngine({
    db: t.database.db,
    market: rated,
    bus,
    clock: t.clock,
    publicUrl: 'http://app.test',
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await smtp?.close();
});

let coinCounter = 0;
/** A signed-in user; `fire` makes one of their alerts fire once through the real engine. */
async function user(currency?: 'eur') {
  const c = t.client();
  await signUp(c);
  if (currency)
    expect((await c.send('PATCH', '/api/v2/settings/', { base_currency: currency })).statusCode).toBe(200);
  return {
    c,
    async channel(body: Record<string, unknown>): Promise<NotificationChannel> {
      const res = await c.post('/api/v2/notification-channels/', body);
      expect(res.statusCode, res.body).toBe(201);
      return notificationChannelSchema.parse(res.json());
    },
    async fire(channelIds?: string[]): Promise<string> {
      const coin = `dlv-${++coinCounter}`;
      market.setCoin(coin, [1, 2, 3], 5);
      const res = await c.post('/api/v2/alerts/', {
        coin_id: coin,
        left: { type: 'indicator', metric: 'price' },
        op: '>=',
        // A threshold is typed in the base currency: 10 USD is €5 at the test rate of 0.5.
        right: { type: 'value', value: currency === 'eur' ? 5 : 10 },
        ...(channelIds ? { channel_ids: channelIds } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      await engine.tick(); // remembers "below"
      market.setPrice(coin, 12);
      t.clock.advance(1_000);
      const tick = await engine.tick();
      expect(tick.fired).toBeGreaterThan(0);
      return coin;
    },
    async deliveries(query = '') {
      const res = await c.get(`/api/v2/notification-deliveries/${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return deliveryListResponseSchema.parse(res.json());
    },
  };
}

let pathCounter = 0;
const hookPath = (name: string) => `/${name}-${++pathCounter}`;
const hooksAt = (path: string): ReceivedHook[] => receiver.hooks.filter((h) => h.path.split('?')[0] === path);
const json = (hook: ReceivedHook | undefined) => JSON.parse(hook?.body ?? 'null') as Record<string, unknown>;

describe('presets send their real payload shapes', () => {
  it('ntfy, Gotify, Discord, Slack, Telegram and generic JSON, in the base currency at firing', async () => {
    const u = await user('eur');
    const paths = {
      ntfy: hookPath('ntfy'),
      gotify: hookPath('gotify'),
      discord: hookPath('discord'),
      slack: hookPath('slack'),
      telegram: hookPath('tg'),
      json: hookPath('json'),
    };
    await u.channel({
      kind: 'webhook',
      preset: 'ntfy',
      name: 'Phone',
      url: `${receiver.url}${paths.ntfy}/alerts`,
      token: 'tk_secret',
    });
    await u.channel({
      kind: 'webhook',
      preset: 'gotify',
      name: 'Gotify',
      url: `${receiver.url}${paths.gotify}`,
      token: 'AppToken1',
    });
    await u.channel({
      kind: 'webhook',
      preset: 'discord',
      name: 'Discord',
      url: `${receiver.url}${paths.discord}/123/abc`,
    });
    await u.channel({
      kind: 'webhook',
      preset: 'slack',
      name: 'Slack',
      url: `${receiver.url}${paths.slack}/T0/B0/x`,
    });
    await u.channel({
      kind: 'webhook',
      preset: 'telegram',
      name: 'Telegram',
      url: `${receiver.url}${paths.telegram}`,
      token: '123456:ABCDEF',
      chat_id: '987654',
    });
    await u.channel({
      kind: 'webhook',
      preset: 'json',
      name: 'JSON',
      url: `${receiver.url}${paths.json}`,
      token: 'jt',
    });
    const coin = await u.fire();
    const round = await worker.drain();
    expect(round.delivered).toBeGreaterThanOrEqual(6);

    // The payload's money reads in euros (rate 0.5): 12 USD → €6.00, against the €5.00 threshold.
    const ntfy = hooksAt(paths.ntfy)[0];
    expect(ntfy?.headers.authorization).toBe('Bearer tk_secret');
    expect(json(ntfy)).toMatchObject({
      topic: 'alerts',
      priority: 4,
      click: `http://app.test/terminal?coin=${coin}`,
    });
    expect(String(json(ntfy).message)).toContain('Price €6.00 ≥ €5.00');

    const gotify = hooksAt(`${paths.gotify}/message`)[0];
    expect(gotify?.headers['x-gotify-key']).toBe('AppToken1');
    expect(json(gotify)).toMatchObject({ title: expect.stringContaining('alert'), priority: 6 });

    const discord = hooksAt(`${paths.discord}/123/abc`)[0];
    expect(json(discord)).toMatchObject({ username: 'Exit Liquidity', allowed_mentions: { parse: [] } });
    expect(String(json(discord).content)).toContain('€6.00');

    expect(String(json(hooksAt(`${paths.slack}/T0/B0/x`)[0]).text)).toMatch(/^\*.+alert\*\n/);

    const telegram = hooksAt(`${paths.telegram}/bot123456:ABCDEF/sendMessage`)[0];
    expect(json(telegram)).toMatchObject({ chat_id: '987654', disable_web_page_preview: true });

    const generic = hooksAt(paths.json)[0];
    const body = json(generic);
    expect(generic?.headers.authorization).toBe('Bearer jt');
    expect(body).toMatchObject({ kind: 'alert', coin_id: coin, source: 'Exit Liquidity' });
    expect(body.idempotency_key).toBe(generic?.headers['idempotency-key']);
    // The trigger stays in the payload as typed, in the alert's own currency, beside the currency at firing.
    expect(body.data).toMatchObject({ right: { value: 5 }, currency: { code: 'eur', rate: 0.5 } });

    // The in-app notification carries the same currency.
    const list = notificationListResponseSchema.parse((await u.c.get('/api/v2/notifications/')).json());
    expect(list.results[0]?.event_payload.currency).toEqual({ code: 'eur', rate: 0.5 });
  });
});

describe('secrets', () => {
  it('are stored encrypted and never returned in full', async () => {
    const u = await user();
    const secretUrl = `${receiver.url}/hooks/very-secret-path-token-1234`;
    const created = await u.channel({
      kind: 'webhook',
      preset: 'json',
      name: 'Secret',
      url: secretUrl,
      token: 'bearer-xyz',
    });
    const listed = (await u.c.get('/api/v2/notification-channels/')).body;
    for (const text of [JSON.stringify(created), listed]) {
      expect(text).not.toContain('very-secret-path-token');
      expect(text).not.toContain('bearer-xyz');
    }
    expect(created.target).toBe(`${receiver.url}/…1234`);
    const raw = (await t.database.db.execute(
      sql`select encode(secret, 'escape') as s, secret_hint from notification_channels where id = ${created.id}`,
    )) as unknown as { rows: { s: string; secret_hint: string }[] };
    expect(raw.rows[0]?.s).not.toContain('very-secret');
    expect(raw.rows[0]?.s).not.toContain('bearer-xyz');
    // Changing only the name keeps the secret; the test still reaches the URL.
    const renamed = await u.c.send('PATCH', `/api/v2/notification-channels/${created.id}/`, {
      name: 'Renamed',
    });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', target: created.target });
    const test = channelTestResponseSchema.parse(
      (await u.c.post(`/api/v2/notification-channels/${created.id}/test/`)).json(),
    );
    expect(test.delivered).toBe(true);
    expect(hooksAt('/hooks/very-secret-path-token-1234').at(-1)?.headers.authorization).toBe(
      'Bearer bearer-xyz',
    );
  });
});

describe('SSRF', () => {
  it('refuses private and loopback webhook URLs unless WEBHOOK_ALLOW_PRIVATE=true', async () => {
    const strict = await createTestApp({ database: t.database });
    try {
      const c = strict.client();
      await signUp(c);
      for (const url of [
        `${receiver.url}/x`,
        'http://localhost:9/x',
        'http://[::1]/x',
        'http://10.1.2.3/x',
        'http://192.168.0.10/x',
        'http://169.254.169.254/latest/meta-data',
        'http://[::ffff:127.0.0.1]/x',
      ]) {
        const res = await c.post('/api/v2/notification-channels/', {
          kind: 'webhook',
          preset: 'json',
          name: 'X',
          url,
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.details.fields.url, url).toEqual([deliveryMessages.urlPrivate]);
      }
    } finally {
      await strict.app.close();
    }
  });
});

describe('retries, timeouts, dead letters and failing channels', () => {
  it('retries a 5xx with backoff under one idempotency key, then delivers once', async () => {
    const u = await user();
    const path = hookPath('flaky');
    behaviours.set(path, (n) => (n <= 2 ? { status: 503 } : { status: 200 }));
    await u.channel({ kind: 'webhook', preset: 'json', name: 'Flaky', url: `${receiver.url}${path}` });
    await u.fire();
    expect((await worker.drain()).retried).toBe(1);
    expect(await worker.drain()).toMatchObject({ claimed: 0 }); // not due before its backoff
    t.clock.advance(60_000);
    await worker.drain();
    t.clock.advance(60_000);
    await worker.drain();
    const hooks = hooksAt(path);
    expect(hooks).toHaveLength(3);
    expect(new Set(hooks.map((h) => h.headers['idempotency-key'])).size).toBe(1);
    const [d] = (await u.deliveries()).results;
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, last_error: null });
  });

  it('a receiver that does not answer times out, is retried, and ends as a dead letter with its error', async () => {
    const u = await user();
    const path = hookPath('hang');
    behaviours.set(path, () => 'hang');
    await u.channel({ kind: 'webhook', preset: 'json', name: 'Slow', url: `${receiver.url}${path}` });
    await u.fire();
    for (let i = 0; i < 4; i++) {
      await worker.drain();
      t.clock.advance(120_000);
    }
    const list = await u.deliveries('?status=dead');
    expect(list.dead_count).toBe(1);
    expect(list.results[0]).toMatchObject({ status: 'dead', attempts: 4 });
    expect(list.results[0]?.last_error).toContain('no answer within 0.3 s');
    expect(hooksAt(path)).toHaveLength(4);

    // The user retries the dead letter once the receiver is back.
    behaviours.set(path, () => ({ status: 200 }));
    const retry = await u.c.post(`/api/v2/notification-deliveries/${list.results[0]?.id}/retry/`);
    expect(retry.json()).toEqual({ id: list.results[0]?.id, status: 'pending' });
    await worker.drain();
    expect((await u.deliveries()).results[0]).toMatchObject({ status: 'delivered', attempts: 1 });
    const again = await u.c.post(`/api/v2/notification-deliveries/${list.results[0]?.id}/retry/`);
    expect(again.statusCode).toBe(409);
  });

  it('a 4xx marks the channel failing and tells the user once, not on every firing', async () => {
    const u = await user();
    const path = hookPath('gone');
    behaviours.set(path, () => ({ status: 404, body: '{"message":"Unknown Webhook"}' }));
    const ch = await u.channel({
      kind: 'webhook',
      preset: 'discord',
      name: 'Old Discord',
      url: `${receiver.url}${path}`,
    });
    await u.fire();
    await worker.drain();
    await u.fire();
    await u.fire();
    await worker.drain();
    expect(hooksAt(path)).toHaveLength(1); // the failing channel is not called again

    const channels = (await u.c.get('/api/v2/notification-channels/')).json()
      .results as NotificationChannel[];
    expect(channels.find((c) => c.id === ch.id)).toMatchObject({ status: 'failing' });
    expect(channels.find((c) => c.id === ch.id)?.last_error).toContain('HTTP 404');
    const notices = notificationListResponseSchema
      .parse((await u.c.get('/api/v2/notifications/')).json())
      .results.filter((n) => n.event_payload.channel_failure);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.event_payload.channel_failure).toMatchObject({ channel_name: 'Old Discord' });
    const dead = await u.deliveries('?status=dead');
    expect(dead.dead_count).toBe(3);
    expect(
      dead.results.filter((d) => d.last_error?.startsWith('Not sent: the channel is failing')),
    ).toHaveLength(2);

    // Fixed on the receiver's side: a successful test heals the channel.
    behaviours.set(path, () => ({ status: 204 }));
    const test = channelTestResponseSchema.parse(
      (await u.c.post(`/api/v2/notification-channels/${ch.id}/test/`)).json(),
    );
    expect(test).toMatchObject({ delivered: true, error: null, channel: { status: 'ok' } });
  });

  it('the test button reports a failure in the answer', async () => {
    const u = await user();
    const path = hookPath('test-401');
    behaviours.set(path, () => ({ status: 401 }));
    const ch = await u.channel({
      kind: 'webhook',
      preset: 'slack',
      name: 'Slack',
      url: `${receiver.url}${path}`,
    });
    const test = channelTestResponseSchema.parse(
      (await u.c.post(`/api/v2/notification-channels/${ch.id}/test/`)).json(),
    );
    expect(test).toMatchObject({ delivered: false, channel: { status: 'failing' } });
    expect(test.error).toContain('HTTP 401');
  });
});

describe('choice, quiet hours, digest and email', () => {
  it('an alert goes only to the channels chosen for it', async () => {
    const u = await user();
    const [a, b] = [hookPath('chosen'), hookPath('not-chosen')];
    const chosen = await u.channel({
      kind: 'webhook',
      preset: 'json',
      name: 'A',
      url: `${receiver.url}${a}`,
    });
    await u.channel({ kind: 'webhook', preset: 'json', name: 'B', url: `${receiver.url}${b}` });
    await u.fire([chosen.id]);
    await worker.drain();
    expect(hooksAt(a)).toHaveLength(1);
    expect(hooksAt(b)).toHaveLength(0);
    const alerts = (await u.c.get('/api/v2/alerts/')).json().results as { channel_ids: string[] | null }[];
    expect(alerts[0]?.channel_ids).toEqual([chosen.id]);
  });

  it("quiet hours in the user's time zone hold delivery until they end", async () => {
    // 03:30 in Tokyo is 18:30 UTC the day before; quiet 22:00–07:00 Tokyo time.
    t.clock.set(new Date('2027-03-10T18:30:00Z'));
    const u = await user();
    const path = hookPath('quiet');
    await u.channel({ kind: 'webhook', preset: 'json', name: 'Q', url: `${receiver.url}${path}` });
    const prefs = await u.c.send('PATCH', '/api/v2/notification-preferences/', {
      time_zone: 'Asia/Tokyo',
      quiet_start: '22:00',
      quiet_end: '07:00',
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    await u.fire();
    await worker.drain();
    expect(hooksAt(path)).toHaveLength(0);
    const [held] = (await u.deliveries()).results;
    expect(held?.next_attempt_at).toBe('2027-03-10T22:00:00.000Z'); // 07:00 in Tokyo
    t.clock.set(new Date('2027-03-10T22:00:01Z'));
    await worker.drain();
    expect(hooksAt(path)).toHaveLength(1);
  });

  it('the daily digest sends one message per channel with the held alerts', async () => {
    t.clock.set(new Date('2027-03-11T05:00:00Z'));
    const u = await user();
    const path = hookPath('digest');
    await u.channel({ kind: 'webhook', preset: 'json', name: 'D', url: `${receiver.url}${path}` });
    await u.c.send('PATCH', '/api/v2/notification-preferences/', {
      time_zone: 'Europe/Berlin',
      digest: true,
      digest_time: '08:00',
    });
    await u.fire();
    await u.fire();
    await worker.drain();
    expect(hooksAt(path)).toHaveLength(0);
    expect((await u.deliveries('?status=digest')).results).toHaveLength(2);
    t.clock.set(new Date('2027-03-11T07:00:00Z')); // 08:00 in Berlin
    await worker.digests();
    await worker.digests(); // a second look the same day writes nothing
    await worker.drain();
    const hooks = hooksAt(path);
    expect(hooks).toHaveLength(1);
    expect(json(hooks[0])).toMatchObject({ kind: 'digest', title: expect.stringContaining('2 alerts') });
    expect((await u.deliveries('?status=digested')).results).toHaveLength(2);
  });

  it("an alert held after the day's digest time waits for the next day's digest", async () => {
    // The digest is turned on at 13:00 in Berlin, past its 08:00: the alert that fires then is
    // not today's, even though no digest has gone out today.
    t.clock.set(new Date('2027-03-12T12:00:00Z'));
    const u = await user();
    const path = hookPath('late-digest');
    await u.channel({ kind: 'webhook', preset: 'json', name: 'L', url: `${receiver.url}${path}` });
    await u.c.send('PATCH', '/api/v2/notification-preferences/', {
      time_zone: 'Europe/Berlin',
      digest: true,
      digest_time: '08:00',
    });
    await u.fire();
    await worker.digests();
    await worker.drain();
    expect(hooksAt(path)).toHaveLength(0);
    expect((await u.deliveries('?status=digest')).results).toHaveLength(1);
    t.clock.set(new Date('2027-03-13T07:00:30Z')); // 08:00:30 the next day in Berlin
    await worker.digests();
    await worker.drain();
    expect(hooksAt(path)).toHaveLength(1);
    expect(json(hooksAt(path)[0])).toMatchObject({
      kind: 'digest',
      title: expect.stringContaining('1 alert'),
    });
    expect((await u.deliveries('?status=digested')).results).toHaveLength(1);
  });

  it("email goes to the account's address through SMTP", async () => {
    const u = await user();
    const me = (await u.c.get('/api/auth/me')).json() as { email: string };
    const ch = await u.channel({ kind: 'email', name: 'Email' });
    expect(ch.target).toBe(me.email);
    const dup = await u.c.post('/api/v2/notification-channels/', { kind: 'email', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    const coin = await u.fire();
    await worker.drain();
    const mail = smtp.mails.find((m) => m.to.includes(me.email) && m.data.includes('Subject: Dlv '));
    expect(mail?.data).toContain(`coin=3D${coin}`); // the link, quoted-printable
  });
});

describe('concurrent workers', () => {
  it('two workers draining the same outbox send each delivery once', async () => {
    const u = await user();
    const path = hookPath('pair');
    behaviours.set(path, () => ({ status: 200, delayMs: 5 }));
    await u.channel({ kind: 'webhook', preset: 'json', name: 'P', url: `${receiver.url}${path}` });
    for (let i = 0; i < 20; i++) await u.fire();
    const other = createOutboxWorker(t.config, createDeliveryParts(t.config, { send: async () => {} }), {
      db: t.database.db,
      clock: t.clock,
      batchSize: 3,
    });
    const rounds = await Promise.all([worker.drain(), other.drain()]);
    const keys = hooksAt(path).map((h) => String(h.headers['idempotency-key']));
    expect(keys).toHaveLength(20);
    expect(new Set(keys).size).toBe(20);
    expect(rounds[0].delivered + rounds[1].delivered).toBe(20);
  });
});
