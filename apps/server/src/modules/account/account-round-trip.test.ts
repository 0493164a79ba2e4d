import { accountImportResultSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { SnapshotProvider } from '../../integrations/market-data/index.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { signUp, type TestClient } from '../../test/test-client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createMarketService } from '../market/index.ts';

/**
 * The whole account carried from one server to another: an account made through the API on one
 * app and its own database, exported, imported into a new account of a second app on a second
 * database, and then every read of the API asked of both. Apart from ids (new on import) and the
 * email, the two answer the same, figures to the last digit.
 */

// Now, to the minute: sessions and their cookies run on the real calendar.
const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
/** Both servers read at this instant, so the market and every figure of the day agree. */
const readAt = new Date(start.getTime() + 10 * 60_000);

let marketDb: TestDatabase;
let from: TestApp;
let to: TestApp;
let a: TestClient;
let b: TestClient;
let emailA: string;
let emailB: string;

async function created(c: TestClient, url: string, body: unknown, method = 'POST'): Promise<{ id: string }> {
  const res = await c.send(method, url, body);
  if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}

/** An account with one of most things, each made a second after the last (as a person would). */
async function seedAccount(t: TestApp, c: TestClient): Promise<void> {
  const write = async (url: string, body: unknown, method = 'POST') => {
    t.clock.advance(1000);
    return created(c, url, body, method);
  };
  await write('/api/v2/settings/', { base_currency: 'eur', favorites: ['bitcoin', 'ethereum'] }, 'PATCH');
  await write('/api/v2/settings/', { cost_basis_method: 'fifo' }, 'PATCH');
  await write('/api/v2/tax/settings/', { rule: 'us', short_rate: '24', long_rate: '15' }, 'PATCH');
  await write(
    '/api/v2/notification-preferences/',
    { time_zone: 'Europe/Berlin', quiet_start: '22:00', quiet_end: '07:00' },
    'PATCH',
  );
  await write('/api/v2/insights/settings/', { concentration_threshold: '35' }, 'PATCH');
  const main = await write('/api/v2/portfolios/', { name: 'Main', description: 'Daily' });
  const cold = await write('/api/v2/portfolios/', { name: 'Cold storage', currency: 'usd' });
  const tx = (portfolio: string, body: Record<string, unknown>) =>
    write('/api/v2/transactions/', {
      portfolio_id: portfolio,
      fee: '0',
      note: '',
      coin_id: 'bitcoin',
      ...body,
    });
  await tx(main.id, {
    type: 'buy',
    quantity: '1.5',
    price_per_coin: '20000.12',
    fee: '10',
    date: '2023-01-05T10:00:00Z',
  });
  await tx(main.id, {
    type: 'buy',
    coin_id: 'ethereum',
    quantity: '10',
    price_per_coin: '1500',
    fee: '5',
    date: '2023-02-01T10:00:00Z',
    note: 'dip',
  });
  await tx(main.id, {
    type: 'sell',
    quantity: '0.25',
    price_per_coin: '30000',
    fee: '3',
    date: '2023-06-01T10:00:00Z',
  });
  await tx(main.id, {
    type: 'reward',
    coin_id: 'ethereum',
    quantity: '0.1',
    price_per_coin: '1800',
    reward_kind: 'staking',
    date: '2023-07-01T10:00:00Z',
  });
  const out = await tx(main.id, {
    type: 'transfer_out',
    quantity: '0.5',
    price_per_coin: '0',
    date: '2023-08-01T10:00:00Z',
  });
  const into = await tx(cold.id, {
    type: 'transfer_in',
    quantity: '0.5',
    price_per_coin: null,
    date: '2023-08-01T11:00:00Z',
  });
  await write('/api/v2/transfers/match/', { out_id: out.id, in_id: into.id });
  await tx(cold.id, { type: 'sell', quantity: '0.1', price_per_coin: '60000', date: '2024-03-01T10:00:00Z' });

  const plan = await write('/api/v2/projections/exit-strategy/', {
    name: 'BTC Position',
    coin_id: 'bitcoin',
    coin_name: 'Bitcoin',
    coin_symbol: 'btc',
    coin_image: '',
    invested_capital: '30000',
    tokens_owned: '1.25',
    sell_tax: '10',
  });
  await write(`/api/v2/projections/exit-strategy/${plan.id}/transactions/replace/`, [
    {
      coins_sold: '0.5',
      price_per_coin: '100000',
      fees_percentage: '1',
      price_impact_percentage: '0.5',
      transaction_order: 1,
    },
    {
      coins_sold: '0.25',
      price_per_coin: '150000',
      fees_percentage: '1',
      price_impact_percentage: '0',
      transaction_order: 2,
    },
  ]);
  await write(`/api/v2/projections/exit-strategy/${plan.id}/tax/`, { portfolio_id: main.id }, 'PUT');
  await write('/api/v2/projections/exit-strategy/', {
    name: 'ETH Position',
    coin_id: 'ethereum',
    coin_name: 'Ethereum',
    coin_symbol: 'eth',
    coin_image: '',
    invested_capital: '15000',
    tokens_owned: '10.1',
    sell_tax: '0',
  });

  const mail = await write('/api/v2/notification-channels/', { kind: 'email', name: 'Mail' });
  const alert = await write('/api/v2/alerts/', {
    coin_id: 'bitcoin',
    left: { type: 'indicator', metric: 'price' },
    op: '>=',
    right: { type: 'value', value: 1_000_000 },
    channel_ids: [mail.id],
  });
  await write('/api/v2/alerts/', {
    coin_id: 'ethereum',
    left: { type: 'indicator', metric: 'rsi', params: { period: 14 } },
    op: '<=',
    right: { type: 'value', value: 30 },
  });
  await write(`/api/v2/alerts/${alert.id}/`, { active: false }, 'PATCH');
  // The engine writes notifications; one fired earlier is made directly.
  const userId = (await c.get('/api/auth/me')).json().id as string;
  t.clock.advance(1000);
  await t.database.db.insert(notifications).values({
    userId,
    alertId: alert.id,
    coinCoingeckoId: 'bitcoin',
    eventPayload: {
      left: { type: 'indicator', metric: 'price', params: { period: null }, value: 1_000_001 },
      op: '>=',
      right: { type: 'value', metric: null, params: { period: null }, value: 1_000_000 },
    },
    createdAt: t.clock(),
  });

  const majors = await write('/api/v2/terminal/watchlists/', { name: 'Majors' });
  await write('/api/v2/terminal/watchlist-items/', { watchlist_id: majors.id, coin_id: 'bitcoin' });
  await write('/api/v2/terminal/watchlist-items/', { watchlist_id: majors.id, coin_id: 'ethereum' });
  await write('/api/v2/terminal/watchlists/', { name: 'Later' });
  await write(
    '/api/v2/insights/targets/',
    {
      portfolio_id: 'all',
      targets: [
        { type: 'coin', key: 'bitcoin', percentage: '60' },
        { type: 'coin', key: 'ethereum', percentage: '40' },
      ],
    },
    'PUT',
  );
}

/** Every read of the account, in a fixed order, each with the ids it needs from the reads before. */
async function readEverything(c: TestClient): Promise<Record<string, unknown>> {
  const get = async (url: string) => {
    const res = await c.get(url);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as unknown;
  };
  const out: Record<string, unknown> = {};
  const read = async (url: string) => {
    out[url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')] ??= [];
    (out[url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')] as unknown[]).push(await get(url));
  };
  const portfolios = (await get('/api/v2/portfolios/')) as { results: { id: string }[] };
  out.portfolios = portfolios;
  await read('/api/v2/settings/');
  await read('/api/v2/transactions/?page_size=500');
  await read('/api/v2/dashboard/?portfolio_id=all');
  for (const p of portfolios.results) {
    await read(`/api/v2/portfolios/${p.id}/transactions/`);
    await read(`/api/v2/dashboard/?portfolio_id=${p.id}`);
    await read(`/api/v2/tax/report/?portfolio_id=${p.id}&year=2023`);
  }
  await read('/api/v2/tax/settings/');
  await read('/api/v2/tax/report/?year=2023');
  await read('/api/v2/tax/report/?year=2024');
  await read('/api/v2/tax/lots/');
  await read('/api/v2/transfers/');
  const plans = (await get('/api/v2/projections/exit-strategy/')) as { id: string }[];
  out.projections = plans;
  for (const p of plans) {
    await read(`/api/v2/projections/exit-strategy/${p.id}/`);
    await read(`/api/v2/projections/exit-strategy/${p.id}/transactions/`);
    await read(`/api/v2/projections/exit-strategy/${p.id}/calculate-with-transactions/`);
    await read(`/api/v2/projections/exit-strategy/${p.id}/tax/`);
  }
  await read('/api/v2/alerts/');
  await read('/api/v2/notifications/');
  await read('/api/v2/terminal/watchlists/');
  await read('/api/v2/insights/targets/');
  await read('/api/v2/insights/settings/');
  await read('/api/v2/insights/');
  await read('/api/v2/notification-preferences/');
  await read('/api/v2/notification-channels/');
  return out;
}

/** Ids by order of first appearance, the account's email as a word: what must match is the rest. */
function normalised(value: unknown, email: string): unknown {
  const names = new Map<string, string>();
  const text = JSON.stringify(value)
    .replaceAll(email, '<email>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
      const name = names.get(id) ?? `<id ${names.size + 1}>`;
      names.set(id, name);
      return name;
    });
  return JSON.parse(text);
}

beforeAll(async () => {
  // One market for both servers, standing still at the reading instant: the outside world is the
  // same wherever the account lives, and only the account's own figures are compared.
  marketDb = await createTestDatabase();
  const marketClock = createTestClock(readAt);
  const market = createMarketService({
    db: marketDb.database.db,
    provider: new SnapshotProvider({ now: () => marketClock().getTime() }),
    clock: marketClock,
    historyDays: 3650,
    candleBudget: 0,
  });
  await market.refresh();
  from = await createTestApp({ market });
  to = await createTestApp({ market });
  from.clock.set(start);
  to.clock.set(start);
  a = from.client();
  b = to.client();
  ({ email: emailA } = await signUp(a));
  ({ email: emailB } = await signUp(b));
  await seedAccount(from, a);
});
afterAll(async () => {
  await from?.close();
  await to?.close();
  await marketDb?.dispose();
});

describe('an account exported from one server and imported into another', () => {
  it('answers every read of the API as the original does', async () => {
    const exported = await a.get('/api/v2/account/export/');
    expect(exported.statusCode).toBe(200);
    to.clock.advance(60_000);
    const res = await b.post('/api/v2/account/import/', exported.json());
    expect(res.statusCode, res.body).toBe(200);
    const result = accountImportResultSchema.parse(res.json());
    expect(result.left_out).toEqual([]);
    expect(result.imported.transactions).toBe(7);

    from.clock.set(readAt);
    to.clock.set(readAt);
    const original = normalised(await readEverything(a), emailA);
    const copy = normalised(await readEverything(b), emailB);
    expect(copy).toEqual(original);
  });
});
