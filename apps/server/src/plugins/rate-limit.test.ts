import { accountMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type TestClient, uniqueEmail } from '../test/test-client.ts';

/*
 * Rate limits live in the database, so two app instances (two processes behind a load
 * balancer) count one window: a client cannot double its attempts by landing on both.
 * TRUST_PROXY decides which X-Forwarded-For hop is the client.
 */

const perMinute = (max: number) => ({ max, windowMs: 60_000 });
const generous = perMinute(1000);

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const env = { TRUST_PROXY: '1' };
  a = await createTestApp({ env, rateLimits: { authPerIp: perMinute(3), loginPerEmail: perMinute(2) } });
  b = await createTestApp({
    env,
    database: a.database,
    rateLimits: { authPerIp: perMinute(3), loginPerEmail: perMinute(2) },
  });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const login = (c: TestClient, email: string, address: string) =>
  c.post('/api/auth/login', { email, password: 'Wrong-password-1' }, from(address));

describe('rate limits shared by every instance on the database', () => {
  it('counts one address over both instances', async () => {
    const codes: number[] = [];
    const address = '203.0.113.10';
    for (const app of [a, b, a, b])
      codes.push((await login(app.client(), uniqueEmail(), address)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await login(b.client(), uniqueEmail(), address);
    expect(limited.json().error).toMatchObject({
      code: 'rate_limited',
      message: accountMessages.rateLimited,
    });
    // Another client behind the same proxy has a window of its own.
    expect((await login(a.client(), uniqueEmail(), '203.0.113.11')).statusCode).toBe(401);
  });

  it('limits one account tried from many addresses on both instances: sign-in, sign-up and reset', async () => {
    const email = uniqueEmail('target');
    const signIns: number[] = [];
    for (const [i, app] of [a, b, a].entries()) {
      signIns.push((await login(app.client(), email, `198.51.100.${i + 1}`)).statusCode);
    }
    expect(signIns).toEqual([401, 401, 429]);

    const signUp = (app: TestApp, address: string, who: string) =>
      app
        .client()
        .post(
          '/api/auth/signup',
          { email: who, username: 'Tester', password: 'Str0ng-passw0rd!' },
          from(address),
        );
    const taken = uniqueEmail('signup');
    const signUps: number[] = [];
    for (const [i, app] of [a, b, a].entries())
      signUps.push((await signUp(app, `198.51.100.${20 + i}`, taken)).statusCode);
    expect(signUps[2]).toBe(429);
    expect(signUps.slice(0, 2)).not.toContain(429);

    const reset = (app: TestApp, address: string) =>
      app.client().post('/api/auth/password-reset', { email }, from(address));
    const resets: number[] = [];
    for (const [i, app] of [b, a, b].entries())
      resets.push((await reset(app, `198.51.100.${40 + i}`)).statusCode);
    expect(resets).toEqual([200, 200, 429]);
  });
});

describe('TRUST_PROXY', () => {
  const attempts = async (app: TestApp, addresses: string[]) => {
    const codes: number[] = [];
    for (const address of addresses)
      codes.push((await login(app.client(), uniqueEmail(), address)).statusCode);
    return codes;
  };

  it('ignores X-Forwarded-For by default: every client is the proxy', async () => {
    const app = await createTestApp({
      database: a.database,
      rateLimits: { authPerIp: perMinute(2), loginPerEmail: generous },
    });
    try {
      // Counted as 127.0.0.1, the test client's address (the other tests forward theirs).
      expect(await attempts(app, ['192.0.2.1', '192.0.2.2', '192.0.2.3'])).toEqual([401, 401, 429]);
    } finally {
      await app.close();
    }
  });

  it('believes the hop only from a listed proxy range', async () => {
    const trusted = await createTestApp({
      env: { TRUST_PROXY: '127.0.0.0/8,10.0.0.0/8' },
      database: a.database,
      rateLimits: { authPerIp: perMinute(1), loginPerEmail: generous },
    });
    const untrusted = await createTestApp({
      env: { TRUST_PROXY: '10.0.0.0/8' },
      database: b.database,
      rateLimits: { authPerIp: perMinute(1), loginPerEmail: generous },
    });
    try {
      // The test client connects from 127.0.0.1: a listed proxy, so the forwarded address counts.
      expect(await attempts(trusted, ['192.0.2.101', '192.0.2.102', '192.0.2.101'])).toEqual([401, 401, 429]);
      // Not listed: whatever the header says, the client is 127.0.0.1 (already over its limit).
      expect(await attempts(untrusted, ['192.0.2.103'])).toEqual([429]);
    } finally {
      await untrusted.close();
      await trusted.close();
    }
  });
});
