import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { coinListPageSchema, sessionCookieName } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createOutboxMailer } from '../../integrations/mail/index.ts';
import { SnapshotProvider } from '../../integrations/market-data/index.ts';
import { matchesIfNoneMatch, negotiateEncoding } from '../../lib/content-coding.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { encodeBody, etagFor } from './encoded-body.ts';
import { createMarketService, type MarketService } from './market.service.ts';

/**
 * The market list is served from bytes prepared once per query and market generation:
 * identity, gzip and brotli, chosen by Accept-Encoding, with a strong ETag per coding.
 */
let db: TestDatabase;
let app: FastifyInstance;
let market: MarketService;
let now = Date.parse('2026-11-21T12:00:00Z');

beforeAll(async () => {
  db = await createTestDatabase();
  market = createMarketService({
    db: db.database.db,
    // The simulated market moves with this clock, so a refresh after advancing it is new data.
    provider: new SnapshotProvider({ now: () => now }),
    clock: () => new Date(now),
    historyDays: 30,
    candleBudget: 0,
  });
  const config = loadConfig(
    { SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent' },
    '/tmp',
  );
  app = await buildApp({
    config,
    db: db.database.db,
    mailer: createOutboxMailer({ dir: '/tmp/el-encoding-outbox', from: config.mailFrom }),
    logger: false,
    market,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.dispose();
});

const url = '/api/v2/cryptocurrencies/?per_page=50&sparkline=true';
const browser = 'gzip, deflate, br';
const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

/** Brotli is made in the background on first demand; gzip answers until it is ready. */
async function untilBrotli(headers: Record<string, string>) {
  for (let attempt = 0; attempt < 500; attempt++) {
    const res = await get(headers);
    if (res.headers['content-encoding'] === 'br') return res;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('brotli never became available');
}

describe('market list encodings', () => {
  it('sends identity JSON with a strong ETag and Vary when the client accepts no coding', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(res.headers.etag)).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const body = coinListPageSchema.parse(res.json());
    expect(body.results).toHaveLength(50);
    // The security headers still come with it.
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('negotiates gzip and brotli whose bodies decompress to the same JSON', async () => {
    const plain = await get();
    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('Accept-Encoding');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);

    const br = await untilBrotli({ 'accept-encoding': browser });
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(gzip.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

    // Each coding is its own representation with its own tag.
    const tags = new Set([plain.headers.etag, gzip.headers.etag, br.headers.etag]);
    expect(tags.size).toBe(3);
    // q=0 refuses a coding.
    expect((await get({ 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get({ 'accept-encoding': 'gzip;q=0' })).headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 with no body when If-None-Match holds the current tag', async () => {
    const first = await get({ 'accept-encoding': 'gzip' });
    const etag = String(first.headers.etag);
    const again = await get({ 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers.vary).toBe('Accept-Encoding');
    // Weak comparison, and a list of tags, as browsers and proxies send them.
    expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': `"x", W/${etag}` })).statusCode).toBe(
      304,
    );
    // The gzip tag does not validate the identity representation.
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(200);
    expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('changes the ETag and the body when the refresher installs a new market', async () => {
    const before = await get({ 'accept-encoding': 'gzip' });
    const generation = market.generation();
    now += 60 * 60_000;
    expect((await market.refresh()).ok).toBe(true);
    expect(market.generation()).toBe(generation + 1);
    const after = await get({ 'accept-encoding': 'gzip', 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const oldBody = coinListPageSchema.parse(JSON.parse(gunzipSync(before.rawPayload).toString('utf8')));
    const newBody = coinListPageSchema.parse(JSON.parse(gunzipSync(after.rawPayload).toString('utf8')));
    expect(newBody.results[0]?.id).toBe(oldBody.results[0]?.id);
    expect(newBody.results[0]?.current_price).not.toBe(oldBody.results[0]?.current_price);
  });

  it('sends brotli a browser decodes to the uncompressed JSON, new after a refresh, with the current provenance', async () => {
    const withBrowser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const plainBefore = await get();
    const brBefore = await untilBrotli(withBrowser);
    expect(brotliDecompressSync(brBefore.rawPayload).toString('utf8')).toBe(plainBefore.body);
    // A repeat is the same prepared bytes.
    expect((await get(withBrowser)).rawPayload.equals(brBefore.rawPayload)).toBe(true);

    now += 60 * 60_000;
    expect((await market.refresh()).ok).toBe(true);
    const plainAfter = await get();
    const brAfter = await untilBrotli(withBrowser);
    expect(brAfter.headers.vary).toBe('Accept-Encoding');
    expect(brAfter.headers.etag).not.toBe(brBefore.headers.etag);
    expect(brAfter.rawPayload.equals(brBefore.rawPayload)).toBe(false);
    expect(brotliDecompressSync(brAfter.rawPayload).toString('utf8')).toBe(plainAfter.body);
    const before = coinListPageSchema.parse(plainBefore.json());
    const after = coinListPageSchema.parse(plainAfter.json());
    expect(after.results[0]?.current_price).not.toBe(before.results[0]?.current_price);
    // The provenance in the body is the market's as now, not as when the bytes were first made.
    expect(after.source).toEqual(market.describe());
  });

  it('prepares each base currency apart: EUR bytes decode to the EUR JSON, not the USD one', async () => {
    const eurUrl = '/api/v2/cryptocurrencies/?vs_currency=eur&per_page=50&sparkline=true';
    const eur = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: eurUrl, headers });
    const usdPlain = await get();
    const eurPlain = await eur();
    const eurGzip = await eur({ 'accept-encoding': 'gzip' });
    expect(eurGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(eurGzip.rawPayload).toString('utf8')).toBe(eurPlain.body);
    expect(eurPlain.headers.etag).not.toBe(usdPlain.headers.etag);
    const eurBody = coinListPageSchema.parse(eurPlain.json());
    const usdBody = coinListPageSchema.parse(usdPlain.json());
    expect(eurBody.vs_currency).toBe('eur');
    expect(usdBody.vs_currency).toBe('usd');
    expect(eurBody.results[0]?.current_price).not.toBe(usdBody.results[0]?.current_price);
    // A USD tag does not validate the EUR list.
    const crossed = await eur({ 'accept-encoding': 'gzip', 'if-none-match': String(usdPlain.headers.etag) });
    expect(crossed.statusCode).toBe(200);
  });

  it('serves repeats of a URL from the prepared bytes, and other URLs of the same query alike', async () => {
    const first = await get({ 'accept-encoding': 'gzip' });
    const repeat = await get({ 'accept-encoding': 'gzip' });
    expect(repeat.headers.etag).toBe(first.headers.etag);
    // Reordered and unknown parameters validate to the same query, so to the same body.
    const reordered = await app.inject({
      method: 'GET',
      url: '/api/v2/cryptocurrencies/?sparkline=true&unknown=1&per_page=50',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(reordered.headers.etag).toBe(first.headers.etag);
  });

  it('keeps the 400 for bad input', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v2/cryptocurrencies/?per_page=0',
      headers: { 'accept-encoding': browser },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().error.details.fields['querystring.per_page']).toBeDefined();
    const outOfRange = await app.inject({ method: 'GET', url: '/api/v2/cryptocurrencies/?page=999' });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().error.details.fields['querystring.page']).toBeDefined();
  });
});

describe('public market routes', () => {
  it('skip the session lookup: an unknown session cookie is cleared elsewhere, not here', async () => {
    const cookie = `${sessionCookieName}=not-a-session`;
    const elsewhere = await app.inject({
      method: 'GET',
      url: '/api/auth/session-status',
      headers: { cookie },
    });
    expect(String(elsewhere.headers['set-cookie'])).toContain(`${sessionCookieName}=;`);
    const list = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['set-cookie']).toBeUndefined();
  });
});

describe('negotiation rules', () => {
  it('prefers brotli, then gzip, by q-value; identity otherwise', () => {
    expect(negotiateEncoding('gzip, deflate, br', { br: true })).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br', { br: false })).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip', { br: true })).toBe('gzip');
    expect(negotiateEncoding('BR', { br: true })).toBe('br');
    expect(negotiateEncoding('x-gzip', { br: true })).toBe('gzip');
    expect(negotiateEncoding('*', { br: true })).toBe('br');
    expect(negotiateEncoding('*;q=0, identity', { br: true })).toBe('identity');
    expect(negotiateEncoding('deflate', { br: true })).toBe('identity');
    expect(negotiateEncoding('', { br: true })).toBe('identity');
    expect(negotiateEncoding(undefined, { br: true })).toBe('identity');
    expect(negotiateEncoding('gzip;q=nonsense', { br: true })).toBe('identity');
  });

  it('matches If-None-Match by weak comparison, any tag in a list, or *', () => {
    expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('W/"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b", "a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b"', '"a"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false);
  });

  it('tags each coding of one body apart, and the same bytes alike', () => {
    const a = encodeBody('{"a":1}');
    expect(encodeBody('{"a":1}').etag).toBe(a.etag);
    expect(encodeBody('{"a":2}').etag).not.toBe(a.etag);
    expect(etagFor(a, 'gzip')).toBe(`${a.etag.slice(0, -1)}-gzip"`);
    expect(etagFor(a, 'identity')).toBe(a.etag);
  });
});
