import { subscriptionSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp } from '../../test/test-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('subscription sync', () => {
  it('reports the self-hosted plan to a signed-in user, with no body sent', async () => {
    const c = t.client();
    await signUp(c);
    const token = await c.csrf();
    const res = await c.request('POST', '/api/v2/subscription/sync/', {
      headers: { 'content-type': 'application/json', 'X-CSRFToken': token },
    });
    expect(res.statusCode).toBe(200);
    const body = subscriptionSchema.parse(res.json());
    expect(body).toMatchObject({ plan: 'self_hosted', status: 'active' });
    expect(body.synced_at).toBe(t.clock().toISOString());
  });

  it('requires a session', async () => {
    const res = await t.client().post('/api/v2/subscription/sync/');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('auth_required');
  });
});
