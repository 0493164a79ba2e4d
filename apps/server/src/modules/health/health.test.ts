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
  it('answers liveness from the process and readiness from the database, never keeping a failure', async () => {
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
    const ready = await t.app.inject({ method: 'GET', url: '/health-check/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: expect.stringMatching(/^(ok|slow)$/) });
    expect(ready.json().latency_ms).toBeGreaterThanOrEqual(0);
    expect((await t.app.inject({ method: 'HEAD', url: '/health-check/ready' })).statusCode).toBe(200);

    await t.database.close();
    // A good answer is kept for 5 s; then the closed database shows, while liveness stays up.
    t.clock.advance(4_000);
    expect((await t.app.inject({ method: 'HEAD', url: '/health-check/ready' })).statusCode).toBe(200);
    t.clock.advance(1_500);
    const down = await t.app.inject({ method: 'GET', url: '/health-check/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'down', latency_ms: null });
    expect((await t.app.inject({ method: 'HEAD', url: '/health-check' })).statusCode).toBe(200);
    // The failure is not kept: the very next probe asks the database again (and finds it closed).
    t.clock.advance(100);
    const again = await t.app.inject({ method: 'GET', url: '/health-check/ready' });
    expect(again.json().checked_at).toBe(t.clock().toISOString());
    expect(again.statusCode).toBe(503);
  });
});
