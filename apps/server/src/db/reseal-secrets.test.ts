import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { channelTestResponseSchema, connectionApiMessages, connectionSchema } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildTx } from '../integrations/esplora/test/esplora-tx-builder.ts';
import { type FakeEsplora, startFakeEsplora } from '../integrations/esplora/test/fake-esplora.ts';
import { type FakeKraken, startFakeKraken } from '../integrations/exchanges/test/fake-kraken.ts';
import { createSecretBox, secretsKeyId } from '../lib/secret-box.ts';
import { startFakeWebhookReceiver } from '../test/fake-webhook-receiver.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signUp } from '../test/test-client.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { createTestMarket } from '../test/test-market.ts';
import { resealSecrets, SecretsKeyError } from './reseal-secrets.ts';
import { connections, notificationChannels } from './schema/index.ts';

/**
 * Moving the secrets key out of the data folder, as an operator does it: a server on the folder
 * key stores a webhook's secret URL and token, a wallet and the wallet's sync cursor through its
 * routes; it stops; it starts again with SECRETS_KEY, re-encrypting at start as main does; and the
 * secrets are read back through the routes. The database is one PGlite shared by each start.
 */

const k1 = randomBytes(32).toString('base64');
const k2 = randomBytes(32).toString('hex');
// BIP 84's first receive address of the "abandon … about" test key.
const address = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const secretPath = '/hooks/secret-path-4321';

let store: TestDatabase;
let dataDir: string;
let esplora: FakeEsplora;
let kraken: FakeKraken;
let receiver: Awaited<ReturnType<typeof startFakeWebhookReceiver>>;
let app: TestApp | undefined;
const cookies = new Map<string, string>();
let channelId = '';
let connectionId = '';
let exchangeId = '';
let portfolioId = '';

const market = createTestMarket();
market.setCoin('bitcoin', [30_000], 30_000);

function envWith(extra: Record<string, string>): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    // The folder key: no SESSION_SECRET, so the server generates one into DATA_DIR.
    SESSION_SECRET: '',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    ESPLORA_BASE_URL: esplora.baseUrl,
    ESPLORA_REQUESTS_PER_SECOND: '1000',
    EXCHANGE_API_URLS: JSON.stringify({ kraken: kraken.url }),
    ...extra,
  };
}

/** A start of the server as main does it: configuration, re-encryption, then the app. */
async function start(extra: Record<string, string> = {}) {
  await app?.close();
  app = undefined;
  const env = envWith(extra);
  const report = await resealSecrets(store.database.db, loadConfig(env, dataDir).secrets);
  app = await createTestApp({ database: store.database, market, env });
  return { app, report };
}

/** The signed-in user's client on the running app: the session and CSRF cookies outlive restarts. */
function client() {
  if (!app) throw new Error('no app running');
  const c = app.client();
  for (const [k, v] of cookies) c.cookies.set(k, v);
  return c;
}

async function rawSealed() {
  const db = store.database.db;
  const [channel] = await db
    .select({ secret: notificationChannels.secret })
    .from(notificationChannels)
    .where(eq(notificationChannels.id, channelId));
  const [connection] = await db
    .select({
      secret: connections.secret,
      cursor: connections.sealedCursor,
      fingerprint: connections.fingerprint,
    })
    .from(connections)
    .where(eq(connections.id, connectionId));
  if (!channel?.secret || !connection?.cursor) throw new Error('secrets missing');
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  return {
    channel: hex(channel.secret),
    secret: hex(connection.secret),
    cursor: hex(connection.cursor),
    fingerprint: connection.fingerprint,
  };
}

const keyIdOf = (sealedHex: string) => sealedHex.slice(2, 10);

const krakenBody = () => ({
  kind: 'exchange',
  exchange: 'kraken',
  portfolio_id: portfolioId,
  label: 'Kraken',
  api_key: kraken.key.apiKey,
  api_secret: kraken.key.secret,
});

beforeAll(async () => {
  store = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'el-secrets-key-'));
  esplora = await startFakeEsplora();
  esplora.addTxs(100, [buildTx({ label: 'paid', outputs: [{ address, value: 2_000_000 }] })]);
  receiver = await startFakeWebhookReceiver();
  kraken = await startFakeKraken();
});

afterAll(async () => {
  await app?.close();
  await store?.dispose();
  await esplora?.close();
  await receiver?.close();
  await kraken?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('moving the secrets key out of the data folder', () => {
  it('stores secrets under the folder key first', async () => {
    const { app: first, report } = await start();
    expect(report).toMatchObject({ channelSecrets: 0, connectionSecrets: 0, syncCursors: 0 });
    const c = first.client();
    await signUp(c);
    const channel = await c.post('/api/v2/notification-channels/', {
      kind: 'webhook',
      preset: 'json',
      name: 'Hook',
      url: `${receiver.url}${secretPath}`,
      token: 'bearer-secret-token',
    });
    expect(channel.statusCode).toBe(201);
    channelId = channel.json<{ id: string }>().id;
    portfolioId = (await c.post('/api/v2/portfolios/', { name: 'Cold' })).json<{ id: string }>().id;
    const created = await c.post('/api/v2/connections/', {
      kind: 'bitcoin',
      portfolio_id: portfolioId,
      label: 'Wallet',
      address,
    });
    expect(created.statusCode).toBe(201);
    connectionId = connectionSchema.parse(created.json()).id;
    expect(await first.connections.sync.run(connectionId)).toBe('synced');
    const exchange = await c.post('/api/v2/connections/', krakenBody());
    expect(exchange.statusCode).toBe(201);
    exchangeId = connectionSchema.parse(exchange.json()).id;
    expect(await first.connections.sync.run(exchangeId)).toBe('synced');
    for (const [k, v] of c.cookies) cookies.set(k, v);

    const folderKey = (await readFile(join(dataDir, 'session-secret'), 'utf8')).trim();
    const sealed = await rawSealed();
    for (const value of [sealed.channel, sealed.secret, sealed.cursor]) {
      expect(keyIdOf(value)).toBe(secretsKeyId(folderKey));
    }
  });

  it('re-encrypts every secret once when started with SECRETS_KEY, and reads them back', async () => {
    const before = await rawSealed();
    const { report } = await start({ SECRETS_KEY: k1 });
    expect(report).toEqual({
      keyId: expect.any(String),
      channelSecrets: 1,
      connectionSecrets: 2,
      syncCursors: 2,
      unreadable: 0,
    });
    const after = await rawSealed();
    for (const value of [after.channel, after.secret, after.cursor])
      expect(keyIdOf(value)).toBe(report.keyId);
    expect(after.fingerprint).not.toBe(before.fingerprint);

    const c = client();
    // The webhook's URL and token open: the test send reaches the secret path with the token.
    const test = channelTestResponseSchema.parse(
      (await c.post(`/api/v2/notification-channels/${channelId}/test/`)).json(),
    );
    expect(test.delivered).toBe(true);
    expect(receiver.hooks.at(-1)).toMatchObject({ path: secretPath });
    expect(receiver.hooks.at(-1)?.headers.authorization).toBe('Bearer bearer-secret-token');
    // The wallet's address and its cursor open: the sync runs on from where it stopped.
    expect(await app?.connections.sync.run(connectionId)).toBe('synced');
    const shown = connectionSchema.parse((await c.get(`/api/v2/connections/${connectionId}/`)).json());
    expect(shown).toMatchObject({ state: 'up_to_date', error_message: null });
    const reconciliation = await c.get(`/api/v2/connections/${connectionId}/reconciliation/`);
    expect(reconciliation.json<{ coins: unknown[] }>().coins).toEqual([
      expect.objectContaining({ ledger_quantity: '0.02', chain_quantity: '0.02', difference: '0' }),
    ]);
    // The fingerprint was computed again under the new key: the same wallet is still refused.
    const again = await c.post('/api/v2/connections/', {
      kind: 'bitcoin',
      portfolio_id: shown.portfolio_id,
      label: 'Again',
      address,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: { details: { fields: { address: [connectionApiMessages.duplicate] } } },
    });
    // The exchange key opens (its sync signs requests with it), and is refused a second time too.
    expect(await app?.connections.sync.run(exchangeId)).toBe('synced');
    const twice = await c.post('/api/v2/connections/', krakenBody());
    expect(twice.json()).toMatchObject({
      error: { details: { fields: { api_key: [connectionApiMessages.duplicateExchangeKey] } } },
    });
  });

  it('does not re-encrypt again on the next start with the same key', async () => {
    const before = await rawSealed();
    const { report } = await start({ SECRETS_KEY: k1 });
    expect(report).toMatchObject({ channelSecrets: 0, connectionSecrets: 0, syncCursors: 0, unreadable: 0 });
    expect(await rawSealed()).toEqual(before);
  });

  it('refuses to start with another key, changing nothing', async () => {
    const before = await rawSealed();
    await app?.close();
    app = undefined;
    const refusal = async (extra: Record<string, string>) => {
      const keys = loadConfig(envWith(extra), dataDir).secrets;
      const error = await resealSecrets(store.database.db, keys).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(SecretsKeyError);
      const message = (error as Error).message;
      // Counts and public key ids only: no key, in any of its spellings.
      for (const key of [k1, k2, Buffer.from(k1, 'base64').toString('base64url'), keys.key]) {
        expect(message).not.toContain(key);
      }
      return message;
    };
    expect(await refusal({ SECRETS_KEY: k2 })).toMatch(
      /^5 stored secrets were sealed under a secrets key this server was not given \(key id [0-9a-f]{8}\)/,
    );
    // Forgetting SECRETS_KEY (back to the folder key) is the same mistake.
    await refusal({});
    expect(await rawSealed()).toEqual(before);
  });

  it('moves to a new key from SECRETS_KEY_PREVIOUS, hex or base64 alike', async () => {
    const { report } = await start({ SECRETS_KEY: k2, SECRETS_KEY_PREVIOUS: k1 });
    expect(report).toMatchObject({ channelSecrets: 1, connectionSecrets: 2, syncCursors: 2, unreadable: 0 });
    const test = channelTestResponseSchema.parse(
      (await client().post(`/api/v2/notification-channels/${channelId}/test/`)).json(),
    );
    expect(test.delivered).toBe(true);
    // The same 32 bytes in base64 are the same key: nothing to do.
    const same = Buffer.from(k2, 'hex').toString('base64');
    expect((await start({ SECRETS_KEY: same })).report).toMatchObject({ channelSecrets: 0, syncCursors: 0 });
  });

  it('reads and re-encrypts a value sealed before key ids', async () => {
    // The layout secrets had before key ids: version 1, IV, tag, ciphertext.
    const material = Buffer.from(k2, 'hex').toString('base64url');
    const key = Buffer.from(
      hkdfSync('sha256', material, 'exit-liquidity', 'notification-channel-secrets:v1', 32),
    );
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(channelId, 'utf8'));
    const body = Buffer.concat([
      cipher.update(JSON.stringify({ url: `${receiver.url}/hooks/old-format` }), 'utf8'),
      cipher.final(),
    ]);
    const legacy = Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]);
    await store.database.db
      .update(notificationChannels)
      .set({ secret: legacy })
      .where(eq(notificationChannels.id, channelId));
    // Still readable by the running server before any restart.
    expect(createSecretBox(material).open(legacy, channelId)).toContain('old-format');
    const { report } = await start({ SECRETS_KEY: k2 });
    expect(report).toMatchObject({ channelSecrets: 1, connectionSecrets: 0, syncCursors: 0 });
    expect(keyIdOf((await rawSealed()).channel)).toBe(report.keyId);
    await client().post(`/api/v2/notification-channels/${channelId}/test/`);
    expect(receiver.hooks.at(-1)?.path).toBe('/hooks/old-format');
  });
});
