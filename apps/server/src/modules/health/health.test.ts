import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health check', () => {
  it('answers HEAD and GET with 200 while the database answers, then 503 once the 5 s cache ends', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/health-check' });
    expect(head.statusCode).toBe(200);
    // It also says where market figures come from: this app runs on the bundled snapshot (demo).
    expect((await t.app.inject({ method: 'GET', url: '/health-check' })).json()).toEqual({
      status: 'ok',
      market: {
        source: 'demo',
        mode: 'demo',
        as_of: '2026-11-01T00:00:00.000Z',
        stale: false,
        age_seconds: null,
      },
    });

    await t.database.close();
    t.clock.advance(4_000);
    expect((await t.app.inject({ method: 'HEAD', url: '/health-check' })).statusCode).toBe(200);
    t.clock.advance(1_500);
    const down = await t.app.inject({ method: 'GET', url: '/health-check' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unavailable' });
  });
});
