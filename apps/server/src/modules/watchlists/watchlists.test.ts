import { watchlistItemListSchema, watchlistListSchema, watchlistSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, type TestClient } from '../../test/test-client.ts';

let t: TestApp;
let a: TestClient;
let b: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  a = t.client();
  b = t.client();
  await signUp(a);
  await signUp(b);
});
afterAll(async () => {
  await t?.close();
});

const lists = '/api/v2/terminal/watchlists/';
const items = '/api/v2/terminal/watchlist-items/';

describe('watchlists', () => {
  it('creates, lists, renames and deletes, with items', async () => {
    const created = await a.post(lists, { name: '  Majors ', coin_ids: ['bitcoin', 'ethereum', 'bitcoin'] });
    expect(created.statusCode).toBe(201);
    const list = watchlistSchema.parse(created.json());
    expect(list.name).toBe('Majors');
    expect(list.items.map((i) => i.coin_id)).toEqual(['bitcoin', 'ethereum']);

    const renamed = await a.send('PATCH', `${lists}${list.id}/`, { name: 'Large caps' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Large caps');
    const put = await a.send('PUT', `${lists}${list.id}/`, { name: 'Big' });
    expect(put.json().name).toBe('Big');

    const all = watchlistListSchema.parse((await a.get(lists)).json());
    expect(all.results.map((l) => l.name)).toEqual(['Big']);
    expect(watchlistSchema.parse((await a.get(`${lists}${list.id}/`)).json()).items).toHaveLength(2);

    const del = await a.send('DELETE', `${lists}${list.id}/`);
    expect(del.statusCode).toBe(204);
    expect((await a.get(`${lists}${list.id}/`)).statusCode).toBe(404);
    expect(watchlistItemListSchema.parse((await a.get(items)).json()).results).toEqual([]);
  });

  it('adds and removes items; duplicates and unknown coins are refused', async () => {
    const list = watchlistSchema.parse((await a.post(lists, { name: 'Alts' })).json());
    const added = await a.post(items, { watchlist_id: list.id, coin_id: 'solana' });
    expect(added.statusCode).toBe(201);
    const item = added.json() as { id: string };
    expect((await a.post(items, { watchlist_id: list.id, coin_id: 'solana' })).statusCode).toBe(409);
    const unknown = await a.post(items, { watchlist_id: list.id, coin_id: 'no-such-coin' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.fields.coin_id).toBeTruthy();
    const listed = watchlistItemListSchema.parse((await a.get(`${items}?watchlist_id=${list.id}`)).json());
    expect(listed.results.map((i) => i.coin_id)).toEqual(['solana']);
    expect((await a.get(`${items}${item.id}/`)).json().coin_id).toBe('solana');
    expect((await a.send('DELETE', `${items}${item.id}/`)).statusCode).toBe(204);
    expect((await a.send('DELETE', `${items}${item.id}/`)).statusCode).toBe(404);
  });

  it('refuses bad input with field details and keeps names unique per user', async () => {
    const empty = await a.post(lists, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.fields.name).toEqual(['Please enter a name']);
    await a.post(lists, { name: 'Unique' });
    const dup = await a.post(lists, { name: 'unique' });
    expect(dup.statusCode).toBe(409);
    expect((await b.post(lists, { name: 'Unique' })).statusCode).toBe(201);
    const missing = await a.post(items, { coin_id: 'bitcoin' });
    expect(missing.statusCode).toBe(400);
  });

  it("hides other users' lists and items behind 404", async () => {
    const mine = watchlistSchema.parse(
      (await a.post(lists, { name: 'Private', coin_ids: ['cardano'] })).json(),
    );
    const itemId = mine.items[0]?.id ?? '';
    expect((await b.get(`${lists}${mine.id}/`)).statusCode).toBe(404);
    expect((await b.send('PATCH', `${lists}${mine.id}/`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await b.send('DELETE', `${lists}${mine.id}/`)).statusCode).toBe(404);
    expect((await b.post(items, { watchlist_id: mine.id, coin_id: 'bitcoin' })).statusCode).toBe(404);
    expect((await b.send('DELETE', `${items}${itemId}/`)).statusCode).toBe(404);
    expect((await b.get(`${lists}not-a-uuid/`)).statusCode).toBe(404);
    expect((await a.get(`${lists}${mine.id}/`)).statusCode).toBe(200);
  });

  it('requires a session', async () => {
    expect((await t.client().get(lists)).statusCode).toBe(401);
  });
});
