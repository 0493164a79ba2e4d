import { accountMessages, authServiceMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkFrom, type TestApp } from '../../test/test-app.ts';
import { signUp, strongPassword, uniqueEmail } from '../../test/test-client.ts';
import { passwordChangedNotice } from './auth-pages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function lastMailTo(email: string) {
  const mails = (await t.outbox()).filter((m) => m.to === email);
  return mails[mails.length - 1];
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

describe('email verification', () => {
  it('verifies once through the mailed link, then refuses the same link', async () => {
    const c = t.client();
    const { email } = await signUp(c);
    const link = linkFrom(await lastMailTo(email), '/api/auth/verify-email');
    expect(link.origin).toBe(t.config.publicUrl);
    const res = await t.client().get(pathOf(link));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?verified=1');
    expect((await c.get('/api/auth/me')).json().email_verified).toBe(true);
    const again = await t.client().get(pathOf(link));
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(authServiceMessages.emailVerification);
  });

  it('refuses an expired link (24 h) through JSON', async () => {
    const { email } = await signUp(t.client());
    const token = linkFrom(await lastMailTo(email), '/api/auth/verify-email').searchParams.get('token');
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const res = await t.client().post('/api/auth/verify-email', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_token',
      message: authServiceMessages.emailVerification,
    });
  });

  it('resends a new link and retires the old one', async () => {
    const c = t.client();
    const { email } = await signUp(c);
    const oldToken = linkFrom(await lastMailTo(email), '/api/auth/verify-email').searchParams.get('token');
    const res = await c.post('/api/auth/verify-email/resend');
    expect(res.json()).toEqual({ success: true });
    const newToken = linkFrom(await lastMailTo(email), '/api/auth/verify-email').searchParams.get('token');
    expect(newToken).not.toBe(oldToken);
    expect((await t.client().post('/api/auth/verify-email', { token: oldToken })).statusCode).toBe(400);
    expect((await t.client().post('/api/auth/verify-email', { token: newToken })).json()).toEqual({
      success: true,
    });
  });

  it('requires a session to resend', async () => {
    expect((await t.client().post('/api/auth/verify-email/resend')).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown emails', async () => {
    const { email } = await signUp(t.client());
    const before = (await t.outbox()).length;
    const known = await t.client().post('/api/auth/password-reset', { email });
    const unknown = await t.client().post('/api/auth/password-reset', { email: uniqueEmail('ghost') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect((await t.outbox()).length).toBe(before + 1);
  });

  it('resets through the HTML forms end to end and signs out every session', async () => {
    const owner = t.client();
    const { email } = await signUp(owner);
    const browser = t.client();
    const page = await browser.get('/api/auth/password-reset');
    expect(page.body).toContain('<label for="email">Email</label>');
    const sent = await browser.postForm('/api/auth/password-reset', { email });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Check your email');
    const link = linkFrom(await lastMailTo(email), '/api/auth/password-reset/confirm');
    const form = await browser.get(pathOf(link));
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<label for="password">New password</label>');
    const weak = await browser.postForm('/api/auth/password-reset/confirm', {
      token: link.searchParams.get('token') ?? '',
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain(accountMessages.passwordTooShort);
    const done = await browser.postForm('/api/auth/password-reset/confirm', {
      token: link.searchParams.get('token') ?? '',
      password: 'Brand-new-pass-7',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/api/auth/login?return_to=/&reset=1');
    const login = await browser.get(done.headers.location as string);
    expect(login.body).toContain(passwordChangedNotice);
    expect((await owner.get('/api/auth/me')).statusCode).toBe(401);
    expect((await t.client().post('/api/auth/login', { email, password: strongPassword })).statusCode).toBe(
      401,
    );
    expect(
      (await t.client().post('/api/auth/login', { email, password: 'Brand-new-pass-7' })).statusCode,
    ).toBe(200);
    const reused = await t.client().post('/api/auth/password-reset/confirm', {
      token: link.searchParams.get('token'),
      password: 'Another-pass-88',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(authServiceMessages.passwordReset);
  });

  it('refuses an expired reset link (1 h) and leaves the password unchanged', async () => {
    const { email } = await signUp(t.client());
    await t.client().post('/api/auth/password-reset', { email });
    const link = linkFrom(await lastMailTo(email), '/api/auth/password-reset/confirm');
    t.clock.advance(61 * 60 * 1000);
    const page = await t.client().get(pathOf(link));
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(authServiceMessages.passwordReset);
    const res = await t.client().post('/api/auth/password-reset/confirm', {
      token: link.searchParams.get('token'),
      password: 'Brand-new-pass-7',
    });
    expect(res.statusCode).toBe(400);
    expect((await t.client().post('/api/auth/login', { email, password: strongPassword })).statusCode).toBe(
      200,
    );
  });
});
