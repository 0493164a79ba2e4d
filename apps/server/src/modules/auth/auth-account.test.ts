import { accountMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, strongPassword } from '../../test/test-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('profile', () => {
  it('updates username and picture, and clears the picture with an empty string', async () => {
    const c = t.client();
    await signUp(c);
    const res = await c.send('PATCH', '/api/auth/profile', {
      username: 'New Name',
      picture: 'https://assets.coingecko.com/a.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'New Name', picture: 'https://assets.coingecko.com/a.png' });
    // An http(s) image from a host outside the allow-list is stored blank.
    const elsewhere = await c.send('PATCH', '/api/auth/profile', { picture: 'https://example.com/a.png' });
    expect(elsewhere.json().picture).toBeNull();
    await c.send('PATCH', '/api/auth/profile', { picture: 'https://assets.coingecko.com/a.png' });
    const cleared = await c.send('PATCH', '/api/auth/profile', { picture: '' });
    expect(cleared.json().picture).toBeNull();
    expect((await c.get('/api/auth/me')).json().username).toBe('New Name');
  });

  it('validates the fields and refuses an empty update', async () => {
    const c = t.client();
    await signUp(c);
    const bad = await c.send('PATCH', '/api/auth/profile', { picture: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields.picture).toBeDefined();
    const empty = await c.send('PATCH', '/api/auth/profile', {});
    expect(empty.statusCode).toBe(400);
  });

  it('only changes the signed-in user', async () => {
    const a = t.client();
    const b = t.client();
    await signUp(a);
    const { user } = await signUp(b);
    await a.send('PATCH', '/api/auth/profile', { username: 'Only A' });
    expect((await b.get('/api/auth/me')).json()).toMatchObject({ id: user.id, username: 'Tester' });
  });

  it('requires a session', async () => {
    expect((await t.client().send('PATCH', '/api/auth/profile', { username: 'x y' })).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('refuses a wrong current password with a field error', async () => {
    const c = t.client();
    await signUp(c);
    const res = await c.post('/api/auth/password', {
      current_password: 'Not-the-one-1',
      new_password: 'Brand-new-pass-7',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual({
      current_password: [accountMessages.currentPasswordWrong],
    });
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const c = t.client();
    const { email } = await signUp(c);
    const other = t.client();
    await other.post('/api/auth/login', { email, password: strongPassword });
    const res = await c.post('/api/auth/password', {
      current_password: strongPassword,
      new_password: 'Brand-new-pass-7',
    });
    expect(res.json()).toEqual({ success: true });
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    expect(
      (await t.client().post('/api/auth/login', { email, password: 'Brand-new-pass-7' })).statusCode,
    ).toBe(200);
  });
});
