import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { coinImagePath, errorEnvelopeSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Images are local: coin logos come from this server. A fake image host on 127.0.0.1
 * (COIN_IMAGE_ORIGIN) answers as CoinGecko's does: PNG bytes with their type, or an error.
 */

// A 1×1 PNG, as an image host sends it.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const host = 'https://coin-images.coingecko.com';
const asked: string[] = [];
let fake: Server;
let t: TestApp;

const get = (src: string, letters = 'BT') => t.app.inject({ url: coinImagePath(src, letters) });

beforeAll(async () => {
  fake = createServer((req, res) => {
    const path = req.url ?? '';
    asked.push(path);
    if (path.startsWith('/coins/images/1/')) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      res.end(png);
    } else if (path === '/script.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    } else if (path === '/huge.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.alloc(300 * 1024, 1));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { COIN_IMAGE_ORIGIN: origin } });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

describe('coin logos from this server', () => {
  it('fetches a logo once from its host and serves its bytes, type and age', async () => {
    const src = `${host}/coins/images/1/large/bitcoin.png?1696501400`;
    const first = await get(src);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    expect(first.headers['last-modified']).toBe(t.clock().toUTCString());
    expect(first.rawPayload.equals(png)).toBe(true);
    const again = await get(src);
    expect(again.rawPayload.equals(png)).toBe(true);
    // Another cache buster is the same logo: the host is not asked again, and never with a query.
    const other = await get(`${host}/coins/images/1/large/bitcoin.png?1700000000`);
    expect(other.rawPayload.equals(png)).toBe(true);
    expect(asked.filter((p) => p.startsWith('/coins/images/1/large/bitcoin.png'))).toEqual([
      '/coins/images/1/large/bitcoin.png',
    ]);
  });

  it('lets one client cause only so many fetches a minute, and refuses another port', async () => {
    const port = await get(`${host}:8443/coins/images/1/large/bitcoin.png`);
    expect(port.statusCode).toBe(400);
    // A fresh minute: the fetches of the tests before count in theirs.
    t.clock.advance(60_000 - (t.clock().getTime() % 60_000));
    const before = asked.length;
    for (let i = 0; i < 610; i++) {
      const res = await get(`${host}/coins/images/7/invented-${i}.png`, 'IN');
      expect(res.headers['content-type']).toBe('image/svg+xml');
    }
    expect(asked.length - before).toBe(600);
    // A logo already held is still served to that client.
    expect((await get(`${host}/coins/images/1/large/bitcoin.png`)).headers['content-type']).toBe('image/png');
    // The next minute it may ask again.
    t.clock.advance(60_000);
    await get(`${host}/coins/images/7/invented-next.png`, 'IN');
    expect(asked.length - before).toBe(601);
  });

  it("answers the coin's letters as an SVG when the host fails, and asks again only later", async () => {
    const src = `${host}/coins/images/9/large/gone.png`;
    const res = await get(src, 'GO');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(res.body).toContain('>GO</text>');
    await get(src, 'GO');
    expect(asked.filter((p) => p === '/coins/images/9/large/gone.png')).toHaveLength(1);
    t.clock.advance(11 * 60_000);
    await get(src, 'GO');
    expect(asked.filter((p) => p === '/coins/images/9/large/gone.png')).toHaveLength(2);
  });

  it('refuses what is not a raster image of a sane size from the host', async () => {
    for (const path of ['/script.svg', '/huge.png']) {
      const res = await get(`${host}${path}`, 'X');
      expect(res.headers['content-type'], path).toBe('image/svg+xml');
      expect(res.body, path).not.toContain('script');
      expect(res.body, path).toContain('>X</text>');
    }
  });

  it('answers 400 in the envelope for a URL off the allowed hosts, and asks nobody', async () => {
    const before = asked.length;
    for (const src of ['https://evil.example/x.png', '/coin-images/bitcoin.png', 'javascript:alert(1)']) {
      const res = await get(src);
      expect(res.statusCode, src).toBe(400);
      expect(errorEnvelopeSchema.parse(res.json()).error.code, src).toBe('validation_error');
    }
    const badLetters = await get(`${host}/coins/images/1/large/bitcoin.png`, '<b>');
    expect(badLetters.statusCode).toBe(400);
    const none = await t.app.inject({ url: '/api/v2/coin-images/' });
    expect(none.statusCode).toBe(400);
    expect(asked.length).toBe(before);
  });
});
