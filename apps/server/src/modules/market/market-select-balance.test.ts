import { type MarketSelectItem, marketSelectResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The coin picker: `available_balance` is what the signed-in user holds of each coin across
 * all their portfolios, as an exact decimal string (8-decimal amounts shown in full).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const url = '/api/v2/cryptocurrencies/market_select/';

async function picker(user: Awaited<ReturnType<typeof portfolioUser>>, query = '') {
  const res = await user.client.get(`${url}${query}`);
  expect(res.statusCode).toBe(200);
  return marketSelectResponseSchema.parse(res.json()).cryptocurrencies;
}

function balanceOf(items: MarketSelectItem[], id: string): string | undefined {
  return items.find((c) => c.id === id)?.available_balance;
}

describe('market_select available_balance', () => {
  it('sums buys across portfolios minus a partial sell, to the 8th decimal', async () => {
    const alice = await portfolioUser(t.client());
    const main = await alice.portfolio({ name: 'Main' });
    // Another currency: quantities do not depend on the quote currency.
    const euros = await alice.portfolio({ name: 'Euro book', currency: 'eur' });

    expect(balanceOf(await picker(alice, '?limit=100'), 'bitcoin')).toBe('0');

    await alice.ok(main.id, {
      quantity: '0.12345678',
      price_per_coin: '30000',
      date: '2024-01-01T00:00:00Z',
    });
    await alice.ok(euros.id, {
      quantity: '1.00000001',
      price_per_coin: '28000',
      date: '2024-02-01T00:00:00Z',
    });
    expect(balanceOf(await picker(alice, '?limit=100'), 'bitcoin')).toBe('1.12345679');

    await alice.ok(main.id, {
      type: 'sell',
      quantity: '0.02345679',
      price_per_coin: '60000',
      date: '2024-03-01T00:00:00Z',
    });
    const items = await picker(alice, '?limit=100');
    expect(balanceOf(items, 'bitcoin')).toBe('1.1');
    // Coins never traded stay at zero.
    expect(balanceOf(items, 'ethereum')).toBe('0');

    // The search path reports the same figure.
    expect(balanceOf(await picker(alice, '?search=bitc'), 'bitcoin')).toBe('1.1');
  });

  it('counts transfers in and rewards, and shows 8-decimal dust exactly', async () => {
    const bob = await portfolioUser(t.client());
    const p = await bob.portfolio();
    await bob.ok(p.id, { coin_id: 'ethereum', type: 'transfer_in', quantity: '2.5', price_per_coin: null });
    await bob.ok(p.id, {
      coin_id: 'ethereum',
      type: 'reward',
      reward_kind: 'staking',
      quantity: '0.00000001',
      price_per_coin: '0',
      date: '2024-01-02T00:00:00Z',
    });
    await bob.ok(p.id, {
      coin_id: 'ethereum',
      type: 'transfer_out',
      quantity: '0.5',
      price_per_coin: '0',
      date: '2024-01-03T00:00:00Z',
    });
    expect(balanceOf(await picker(bob, '?search=ethereum'), 'ethereum')).toBe('2.00000001');
  });

  it("never counts another user's holdings", async () => {
    const carol = await portfolioUser(t.client());
    const dave = await portfolioUser(t.client());
    const carolBook = await carol.portfolio();
    const daveBook = await dave.portfolio();
    await carol.ok(carolBook.id, { coin_id: 'solana', quantity: '3.33333333', price_per_coin: '20' });
    await dave.ok(daveBook.id, { coin_id: 'solana', quantity: '100', price_per_coin: '20' });
    await dave.ok(daveBook.id, { coin_id: 'cardano', quantity: '5000', price_per_coin: '0.3' });

    const carolItems = await picker(carol, '?limit=100');
    expect(balanceOf(carolItems, 'solana')).toBe('3.33333333');
    expect(balanceOf(carolItems, 'cardano')).toBe('0');
    const daveItems = await picker(dave, '?limit=100');
    expect(balanceOf(daveItems, 'solana')).toBe('100');
    expect(balanceOf(daveItems, 'cardano')).toBe('5000');
    // A third user with no transactions sees only zeros.
    const erin = await portfolioUser(t.client());
    expect((await picker(erin, '?limit=100')).every((c) => c.available_balance === '0')).toBe(true);
  });

  it('a fully sold coin is back to 0; editing and deleting a transaction move the balance', async () => {
    const frank = await portfolioUser(t.client());
    const p = await frank.portfolio();
    const buy = await frank.ok(p.id, { coin_id: 'ripple', quantity: '10', price_per_coin: '0.5' });
    const sell = await frank.ok(p.id, {
      coin_id: 'ripple',
      type: 'sell',
      quantity: '10',
      price_per_coin: '0.6',
      date: '2024-01-05T00:00:00Z',
    });
    expect(balanceOf(await picker(frank, '?search=ripple'), 'ripple')).toBe('0');

    const edited = await frank.client.send('PUT', `/api/v2/transactions/${sell.id}/`, {
      portfolio_id: p.id,
      coin_id: 'ripple',
      type: 'sell',
      quantity: '2.5',
      price_per_coin: '0.6',
      fee: '0',
      date: '2024-01-05T00:00:00Z',
      note: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(balanceOf(await picker(frank, '?search=ripple'), 'ripple')).toBe('7.5');

    expect((await frank.client.send('DELETE', `/api/v2/transactions/${sell.id}/`)).statusCode).toBe(204);
    expect(balanceOf(await picker(frank, '?search=ripple'), 'ripple')).toBe('10');
    // With the sell gone, the buy can go too.
    expect((await frank.client.send('DELETE', `/api/v2/transactions/${buy.id}/`)).statusCode).toBe(204);
    expect(balanceOf(await picker(frank, '?search=ripple'), 'ripple')).toBe('0');
  });

  it('lists held coins right after favourites, ahead of the market-cap order', async () => {
    const grace = await portfolioUser(t.client());
    const p = await grace.portfolio();
    const lowRanked = (await picker(grace, '?limit=100')).at(-1);
    if (!lowRanked) throw new Error('empty picker');
    await grace.ok(p.id, { coin_id: lowRanked.id, quantity: '0.5', price_per_coin: '1' });
    await grace.client.send('PATCH', '/api/v2/settings/', { favorites: ['dogecoin'] });

    const items = await picker(grace, '?limit=3');
    expect(items.map((c) => [c.id, c.user_favorite, c.available_balance])).toEqual([
      ['dogecoin', true, '0'],
      [lowRanked.id, false, '0.5'],
      ['bitcoin', false, '0'],
    ]);
  });
});
