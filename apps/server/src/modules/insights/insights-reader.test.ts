import { formatDateTime } from '@app/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// No message carries an ISO timestamp or a raw decimal: the alerts card of a de-DE reader
// whose base currency is EUR reads a firing as its notification does.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const german = { 'accept-language': 'de-DE,de;q=0.9' };
const price = (value: number) => ({
  type: 'indicator' as const,
  metric: 'price' as const,
  params: { period: null },
  value,
});
const level = (value: number) => ({ type: 'value' as const, metric: null, params: { period: null }, value });

describe('the alerts card for a de-DE reader with EUR', () => {
  it('writes a firing in euros at the rate it fired at, the time in the reader locale, and the watched price with its sign', async () => {
    const u = await portfolioUser(t.client());
    await u.client.send('PATCH', '/api/v2/settings/', { base_currency: 'eur' });
    const p = await u.portfolio();
    await u.ok(p.id, { quantity: '1', price_per_coin: '20000', date: '2023-01-01T00:00:00Z' });
    const alert = await u.client.post('/api/v2/alerts/', {
      coin_id: 'bitcoin',
      left: { type: 'indicator', metric: 'price' },
      op: '>=',
      right: { type: 'value', value: 100000000 },
    });
    expect(alert.statusCode).toBe(201);
    const firedAt = new Date(t.clock().getTime() - 86_400_000);
    await t.database.db.insert(notifications).values({
      userId: u.user.id,
      coinCoingeckoId: 'bitcoin',
      eventPayload: {
        left: price(60000),
        op: '>=',
        right: level(55000),
        currency: { code: 'eur', rate: 0.9 },
      },
      createdAt: firedAt,
    });

    const res = await u.client.get(`/api/v2/insights/?portfolio_id=${p.id}`, german);
    expect(res.statusCode).toBe(200);
    const card = res.json().cards.find((c: { kind: string }) => c.kind === 'alerts');
    const [active, fired] = card.why.tables as { rows: string[][] }[];
    // The active alert compares US dollars: its threshold and the price now read in dollars.
    expect(active?.rows[0]?.[1]).toBe('Price ≥ $100,000,000');
    expect(active?.rows[0]?.[2]).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    const [coin, condition, when, then, now] = fired?.rows[0] ?? [];
    expect([coin, condition, when, then]).toEqual([
      'BTC',
      'Price €54,000.00 ≥ €49,500.00',
      `${formatDateTime(firedAt, 'de-DE', 'UTC')} UTC`,
      '€54,000.00',
    ]);
    expect(when).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(now).toMatch(/^€\d{1,3}(,\d{3})*\.\d{2}$/);
  });
});
