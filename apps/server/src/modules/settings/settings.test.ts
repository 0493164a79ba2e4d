import { userSettingsSchema } from '@app/contracts';
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

const path = '/api/v2/settings/';

describe('user settings', () => {
  it('starts with the defaults', async () => {
    const c = t.client();
    await signUp(c);
    const res = await c.get(path);
    expect(res.statusCode).toBe(200);
    expect(userSettingsSchema.parse(res.json())).toEqual({
      base_currency: 'usd',
      favorites: [],
      cost_basis_method: 'average',
    });
  });

  it('patches any subset and keeps the rest; favourites are deduplicated', async () => {
    const c = t.client();
    await signUp(c);
    let res = await c.send('PATCH', path, { base_currency: 'eur' });
    expect(res.json()).toMatchObject({ base_currency: 'eur', favorites: [] });
    res = await c.send('PATCH', path, {
      favorites: ['bitcoin', 'ethereum', 'bitcoin'],
      cost_basis_method: 'fifo',
    });
    expect(res.json()).toEqual({
      base_currency: 'eur',
      favorites: ['bitcoin', 'ethereum'],
      cost_basis_method: 'fifo',
    });
    expect((await c.get(path)).json().favorites).toEqual(['bitcoin', 'ethereum']);
  });

  it('keeps each user to their own settings', async () => {
    const a = t.client();
    const b = t.client();
    await signUp(a);
    await signUp(b);
    await a.send('PATCH', path, { base_currency: 'jpy' });
    expect((await b.get(path)).json().base_currency).toBe('usd');
  });

  it('refuses unknown currencies, methods and fields with field details', async () => {
    const c = t.client();
    await signUp(c);
    for (const body of [
      { base_currency: 'xyz' },
      { cost_basis_method: 'newest' },
      { colour: 'red' },
      { favorites: ['<b>'] },
    ]) {
      const res = await c.send('PATCH', path, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.category).toBe('validation');
      expect(res.json().error.details.fields).toBeTruthy();
    }
    expect((await c.get(path)).json().base_currency).toBe('usd');
  });

  it('requires a session', async () => {
    expect((await t.client().get(path)).statusCode).toBe(401);
  });
});
