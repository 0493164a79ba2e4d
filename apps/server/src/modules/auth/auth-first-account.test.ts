import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, uniqueEmail } from '../../test/test-client.ts';

/**
 * Email verification without friction: with SMTP_URL unset (mail goes to the outbox
 * folder only) the first account on a fresh server starts verified; every later one keeps the
 * outbox verification mail.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ autoVerifyFirstAccount: true });
});
afterAll(async () => {
  await t?.close();
});

describe('the first account on a fresh server without SMTP', () => {
  it('is verified at once (no mail); two racing later sign-ups and every one after stay unverified with a mail', async () => {
    const first = await signUp(t.client(), uniqueEmail('first'));
    expect(first.user).toMatchObject({ email_verified: true });
    expect((await t.outbox()).filter((m) => m.to === first.email)).toEqual([]);

    const [second, third] = await Promise.all([
      signUp(t.client(), uniqueEmail('second')),
      signUp(t.client(), uniqueEmail('third')),
    ]);
    for (const later of [second, third]) {
      expect(later.user).toMatchObject({ email_verified: false });
      expect((await t.outbox()).filter((m) => m.to === later.email)).toHaveLength(1);
    }
  });
});

describe('two sign-ups racing on an empty database', () => {
  it('verify exactly one of them', async () => {
    const fresh = await createTestApp({ autoVerifyFirstAccount: true });
    try {
      const results = await Promise.all([
        signUp(fresh.client()),
        signUp(fresh.client()),
        signUp(fresh.client()),
      ]);
      expect(results.filter((r) => (r.user as { email_verified?: boolean }).email_verified).length).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
