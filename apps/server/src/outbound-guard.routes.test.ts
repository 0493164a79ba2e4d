import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  channelTestResponseSchema,
  coinImagePath,
  deliveryMessages,
  errorEnvelopeSchema,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostLookup } from './lib/outbound-guard.ts';
import { startFakeWebhookReceiver } from './test/fake-webhook-receiver.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { signUp } from './test/test-client.ts';

/**
 * The outbound guard as the routes use it: webhooks and coin logos, with a resolver that answers
 * names the way a hostile or a split-horizon DNS could (a private address, or a public one first
 * and a private one after). Every address here is 127.0.0.1 or never connected to.
 */

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let receiver: Awaited<ReturnType<typeof startFakeWebhookReceiver>>;
let mirror: Server;
let mirrorOrigin = '';
const asked: string[] = [];
let webhooks: TestApp;
let images: TestApp;

const table: Record<string, string[][]> = {
  'hooks.example.test': [['127.0.0.1']],
  'intranet.example.test': [['10.1.2.3']],
  // Public when the channel is saved, this machine when it is sent to.
  'rebind.example.test': [['93.184.216.34'], ['127.0.0.1']],
  'coin-images.coingecko.com': [['127.0.0.1']],
  'images-cdn.example.test': [['127.0.0.1']],
};
const resolved: string[] = [];
const lookup: HostLookup = async (hostname) => {
  resolved.push(hostname);
  const answers = table[hostname];
  const n = resolved.filter((h) => h === hostname).length - 1;
  const answer = answers?.[Math.min(n, answers.length - 1)];
  if (!answer) throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
  return answer.map((address): LookupAddress => ({ address, family: 4 }));
};

beforeAll(async () => {
  receiver = await startFakeWebhookReceiver();
  mirror = createServer((req, res) => {
    const path = req.url ?? '';
    asked.push(path);
    const redirects: Record<string, string> = {
      '/coins/images/5/large/by-name.png': `http://images-cdn.example.test:${receiver.port}/logo.png`,
      '/coins/images/6/large/mapped.png': `http://[::ffff:7f00:1]:${receiver.port}/logo.png`,
      '/coins/images/7/large/moved.png': '/coins/images/7/large/here.png',
    };
    const location = redirects[path];
    if (location) {
      res.writeHead(302, { location });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
    res.end(png);
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  mirrorOrigin = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`;
  // WEBHOOK_ALLOW_PRIVATE is off: private targets are refused, as in production.
  webhooks = await createTestApp({ outboundLookup: lookup });
  images = await createTestApp({ outboundLookup: lookup, env: { COIN_IMAGE_ORIGIN: mirrorOrigin } });
});

afterAll(async () => {
  await webhooks?.close();
  await images?.close();
  await receiver?.close();
  await new Promise<void>((resolve) => mirror.close(() => resolve()));
});

describe('webhooks through the outbound guard', () => {
  it('refuses a host name that resolves to a private address, in the error envelope', async () => {
    const c = webhooks.client();
    await signUp(c);
    for (const host of ['hooks.example.test', 'intranet.example.test']) {
      const res = await c.post('/api/v2/notification-channels/', {
        kind: 'webhook',
        preset: 'json',
        name: 'Inside',
        url: `http://${host}:${receiver.port}/hook`,
      });
      expect(res.statusCode, host).toBe(400);
      expect(errorEnvelopeSchema.parse(res.json()).error).toMatchObject({
        code: 'validation_error',
        details: { fields: { url: [deliveryMessages.urlPrivate] } },
      });
    }
    expect(receiver.hooks).toHaveLength(0);
  });

  it('refuses at send time a name that has moved to a private address since it was saved', async () => {
    const c = webhooks.client();
    await signUp(c);
    const created = await c.post('/api/v2/notification-channels/', {
      kind: 'webhook',
      preset: 'json',
      name: 'Rebinding',
      url: `http://rebind.example.test:${receiver.port}/hook`,
    });
    expect(created.statusCode).toBe(201);
    const test = channelTestResponseSchema.parse(
      (await c.post(`/api/v2/notification-channels/${created.json<{ id: string }>().id}/test/`)).json(),
    );
    expect(test.delivered).toBe(false);
    expect(test.error).toContain('127.0.0.1 is a private or loopback address');
    expect(receiver.hooks).toHaveLength(0);
  });
});

describe('coin logos through the outbound guard', () => {
  const get = (path: string) =>
    images.app.inject({ url: coinImagePath(`https://coin-images.coingecko.com${path}`, 'GD') });

  it('follows a redirect on the mirror, and refuses one to a private address by name or mapped form', async () => {
    const moved = await get('/coins/images/7/large/moved.png');
    expect(moved.headers['content-type']).toBe('image/png');
    expect(moved.rawPayload.equals(png)).toBe(true);
    for (const path of ['/coins/images/5/large/by-name.png', '/coins/images/6/large/mapped.png']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type'], path).toBe('image/svg+xml');
      expect(res.body, path).toContain('>GD</text>');
    }
    expect(resolved).toContain('images-cdn.example.test');
    // The receiver stands for the private network: nothing reached it.
    expect(receiver.hooks).toHaveLength(0);
  });

  it('refuses an image host whose name resolves to a private address (no mirror set)', async () => {
    const direct = await createTestApp({ outboundLookup: lookup, database: images.database });
    try {
      const before = resolved.filter((h) => h === 'coin-images.coingecko.com').length;
      const res = await direct.app.inject({
        url: coinImagePath('https://coin-images.coingecko.com/coins/images/8/large/x.png', 'XY'),
      });
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.body).toContain('>XY</text>');
      expect(resolved.filter((h) => h === 'coin-images.coingecko.com').length).toBe(before + 1);
    } finally {
      await direct.close();
    }
  });
});
