import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// No message carries an ISO timestamp or a raw decimal: an oversell is written for its
// reader (the browser's Accept-Language), names the coin by the market's ticker even outside
// core's list of majors, and carries its figures in details.oversell for the client to write.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const german = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };

/** A de-DE reader with EUR as base currency and 1.5 HYPE (a coin core has no ticker for). */
async function germanHolder() {
  const u = await portfolioUser(t.client());
  await u.client.send('PATCH', '/api/v2/settings/', { base_currency: 'eur' });
  const p = await u.portfolio();
  expect(p.currency).toBe('eur');
  const buy = await u.ok(p.id, { coin_id: 'hyperliquid', quantity: '1.5', date: '2024-02-01T09:30:00Z' });
  const sell = {
    portfolio_id: p.id,
    coin_id: 'hyperliquid',
    type: 'sell',
    quantity: '2',
    price_per_coin: '30',
    fee: '0',
    date: '2024-03-01T09:30:00Z',
    note: '',
  };
  return { u, p, buy, sell };
}

describe('oversell messages for a de-DE reader', () => {
  it('writes the refusal in the reader locale with the market ticker, and sends the figures', async () => {
    const { u, sell } = await germanHolder();
    const res = await u.client.post('/api/v2/transactions/', sell, german);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.message).toBe('Please check your input and try again');
    expect(error.details.fields.quantity).toEqual([
      'Only 1.5 HYPE held on 1. März 2024, 9:30 UTC; this sell needs 2.',
    ]);
    expect(error.details.oversell).toEqual({
      code: 'oversell',
      transaction_id: '__new__',
      coin_id: 'hyperliquid',
      type: 'sell',
      executed_at: '2024-03-01T09:30:00.000Z',
      requested: '2',
      available: '1.5',
      field: 'quantity',
      lead: 'self',
      symbol: 'HYPE',
      name: 'Hyperliquid',
    });
  });

  it('keeps en-US for a reader who names no language, and for one whose tags are not locales', async () => {
    const { u, sell } = await germanHolder();
    const readers: Record<string, string>[] = [{}, { 'accept-language': '*, x-?!;q=0.5' }];
    for (const headers of readers) {
      const res = await u.client.post('/api/v2/transactions/', sell, headers);
      expect(res.json().error.details.fields.quantity).toEqual([
        'Only 1.5 HYPE held on Mar 1, 2024, 9:30 AM UTC; this sell needs 2.',
      ]);
    }
  });

  it('writes the live check (preview and validate) the same way', async () => {
    const { u, sell } = await germanHolder();
    const preview = await u.client.post('/api/v2/transactions/preview/', sell, german);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().violation).toMatchObject({
      coin_id: 'hyperliquid',
      symbol: 'HYPE',
      requested: '2',
      available: '1.5',
      message: 'Only 1.5 HYPE held on 1. März 2024, 9:30 UTC; this sell needs 2.',
    });
    const validate = await u.client.post('/api/v2/transactions/validate/', sell, german);
    expect(validate.json().errors.quantity).toEqual([
      'Only 1.5 HYPE held on 1. März 2024, 9:30 UTC; this sell needs 2.',
    ]);
  });

  it('says which row a delete starves, in the reader locale', async () => {
    const { u, p, buy } = await germanHolder();
    await u.ok(p.id, { coin_id: 'hyperliquid', type: 'sell', quantity: '1', date: '2024-03-01T09:30:00Z' });
    const del = await u.client.send('DELETE', `/api/v2/transactions/${buy.id}/`, undefined, german);
    expect(del.statusCode).toBe(400);
    expect(del.json().error.details.fields.quantity).toEqual([
      'Deleting it would oversell a later transaction: Only 0 HYPE held on 1. März 2024, 9:30 UTC; this sell needs 1.',
    ]);
    expect(del.json().error.details.oversell).toMatchObject({ lead: 'delete', symbol: 'HYPE' });
  });

  it('writes an import row that oversells in the reader locale', async () => {
    const { u, p } = await germanHolder();
    const commit = await u.client.post(
      `/api/v2/portfolios/${p.id}/import/commit/`,
      {
        rows: [
          {
            line: 2,
            coin_id: 'hyperliquid',
            transaction: {
              type: 'sell',
              quantity: '2.25',
              price_per_coin: '30',
              fee: '0',
              date: '2024-03-01T09:30:00Z',
              note: '',
            },
          },
        ],
      },
      german,
    );
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error.details.rows).toEqual([
      {
        line: 2,
        field: 'quantity',
        message: 'Only 1.5 HYPE held on 1. März 2024, 9:30 UTC; this sell needs 2.25.',
      },
    ]);
  });
});
