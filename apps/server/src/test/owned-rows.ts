import { randomUUID } from 'node:crypto';
import { connectionTokens, notificationDeliveries, users } from '../db/schema/index.ts';
import type { TestApp } from './test-app.ts';
import type { TestClient } from './test-client.ts';

/**
 * One of each thing a user owns, made through the API (and the few rows only the engine writes,
 * directly), with what it takes to address each route that names one: the generated suites over
 * the route table (another owner's ids, a token's scopes) share it, so a new route with an id
 * parameter fails in all of them until it is known here.
 */

export const day = '2024-01-01T00:00:00Z';
export const tx = {
  coin_id: 'bitcoin',
  type: 'buy',
  quantity: '1',
  price_per_coin: '100',
  fee: '0',
  date: day,
  note: '',
};
const projection = {
  name: 'BTC Position',
  coin_id: 'bitcoin',
  coin_name: 'Bitcoin',
  coin_symbol: 'btc',
  coin_image: '',
  invested_capital: '100',
  tokens_owned: '1',
  sell_tax: '0',
};
const rung = {
  coins_sold: '0.5',
  price_per_coin: '1000',
  fees_percentage: '0',
  price_impact_percentage: '0',
  transaction_order: 1,
};

async function created(client: TestClient, url: string, body: unknown): Promise<string> {
  const res = await client.post(url, body);
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  const json = res.json() as { id?: string } | { id: string }[];
  const id = Array.isArray(json) ? json[0]?.id : json.id;
  if (!id) throw new Error(`${url}: no id in ${res.body}`);
  return id;
}

/** One of each owned thing for a user. */
/** `suffix` tells a second set of one user's things apart (names are unique per user); it has no channel. */
export async function seedOwned(
  t: TestApp,
  client: TestClient,
  suffix = '',
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  out.portfolio = await created(client, '/api/v2/portfolios/', { name: `Book${suffix}` });
  out.transaction = await created(client, '/api/v2/transactions/', { ...tx, portfolio_id: out.portfolio });
  // A sale and a coin sent out: what the tax report and the Transfers view are made of.
  const later = (type: string, date: string) => ({
    ...tx,
    type,
    quantity: '0.1',
    portfolio_id: out.portfolio,
    date,
  });
  out.sale = await created(client, '/api/v2/transactions/', later('sell', '2024-02-01T00:00:00Z'));
  out.transferOut = await created(client, '/api/v2/transactions/', {
    ...later('transfer_out', '2024-03-01T00:00:00Z'),
    price_per_coin: '0',
  });
  // Shared with an account made directly: the other side of a share is someone else's, not the owner's.
  const memberEmail = `member-${randomUUID()}@example.test`;
  await t.database.db
    .insert(users)
    .values({ email: memberEmail, username: `member-${randomUUID().slice(0, 8)}` });
  out.share = await created(client, `/api/v2/portfolios/${out.portfolio}/shares/`, {
    user: memberEmail,
    role: 'viewer',
  });
  out.projection = await created(client, '/api/v2/projections/exit-strategy/', projection);
  out.projectionTx = await created(
    client,
    `/api/v2/projections/exit-strategy/${out.projection}/transactions/replace/`,
    [rung],
  );
  out.accessToken = await created(client, '/api/v2/tokens/', { name: 'Script', scopes: ['read'] });
  out.watchlist = await created(client, '/api/v2/terminal/watchlists/', { name: `Watch${suffix}` });
  out.watchlistItem = await created(client, '/api/v2/terminal/watchlist-items/', {
    watchlist_id: out.watchlist,
    coin_id: 'bitcoin',
  });
  out.alert = await created(client, '/api/v2/alerts/', {
    coin_id: 'bitcoin',
    left: { type: 'indicator', metric: 'price' },
    op: '>=',
    right: { type: 'value', value: 1_000_000 },
  });
  out.connection = await created(client, '/api/v2/connections/', {
    kind: 'bitcoin',
    portfolio_id: out.portfolio,
    label: 'Wallet',
    address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  });
  const userId = (await client.get('/api/auth/me')).json().id as string;
  // An unrecognised token the connection saw: syncs write these, so the row is made directly here.
  const [token] = await t.database.db
    .insert(connectionTokens)
    .values({
      connectionId: out.connection,
      userId,
      chain: 'ethereum',
      contractAddress: '0x0000000000000000000000000000000000000001',
      name: 'Airdrop',
      symbol: 'DROP',
      decimals: 18,
      quantity: '1',
    })
    .returning({ id: connectionTokens.id });
  out.token = token?.id ?? '';
  // One email channel per user: a second set shares the first one's (channels belong to no portfolio).
  if (suffix !== '') return out;
  out.channel = await created(client, '/api/v2/notification-channels/', { kind: 'email', name: 'Mail' });
  // A dead letter to retry: the outbox is written by the engine, so the row is made directly here.
  const [delivery] = await t.database.db
    .insert(notificationDeliveries)
    .values({
      userId,
      channelId: out.channel,
      notificationId: null,
      idempotencyKey: `owner-${out.channel}`,
      message: { kind: 'test', title: 'T', body: 'B', coin_id: null, url: null, fired_at: day, data: null },
      status: 'dead',
      lastError: 'HTTP 500',
    })
    .returning({ id: notificationDeliveries.id });
  out.delivery = delivery?.id ?? '';
  return out;
}

/** Whose row a path parameter names; undefined: a parameter this test does not know yet. */
export function idOf(url: string, param: string): string | undefined {
  if (param === 'txId') return 'projectionTx';
  if (param === 'tokenId') return 'token';
  if (param === 'shareId') return 'share';
  if (param !== 'id') return undefined;
  if (url.includes('/projections/')) return 'projection';
  if (url.includes('/portfolios/')) return 'portfolio';
  if (url.startsWith('/api/v2/transactions/')) return 'transaction';
  if (url.includes('/watchlist-items/')) return 'watchlistItem';
  if (url.includes('/watchlists/')) return 'watchlist';
  if (url.includes('/alerts/')) return 'alert';
  if (url.includes('/notification-channels/')) return 'channel';
  if (url.includes('/notification-deliveries/')) return 'delivery';
  if (url.includes('/connections/')) return 'connection';
  if (url.includes('/tokens/')) return 'accessToken';
  return undefined;
}

/** Parameters that name no row of anybody's (a card kind, a coin): not owner checks. */
export const notOwned = new Set(['kind', 'coin', 'coinId']);

/** Valid bodies for the writes, so that B's request reaches the owner check (else it is a 400). */
export function bodies(own: Record<string, string>): Record<string, unknown> {
  return {
    'PUT /api/v2/portfolios/:id/': { name: 'Taken' },
    'POST /api/v2/portfolios/:id/shares/': { user: 'nobody@example.test', role: 'viewer' },
    'PATCH /api/v2/portfolios/:id/shares/:shareId/': { role: 'editor' },
    'POST /api/v2/portfolios/:id/import/preview/': { csv: 'date,type,coin,quantity,price\n' },
    'POST /api/v2/portfolios/:id/import/commit/': {
      rows: [
        {
          line: 1,
          coin_id: 'bitcoin',
          transaction: { type: 'buy', quantity: '1', price_per_coin: '1', fee: '0', date: day, note: '' },
        },
      ],
    },
    'PUT /api/v2/transactions/:id/': { ...tx, portfolio_id: own.portfolio },
    'PUT /api/v2/projections/exit-strategy/:id/': projection,
    'POST /api/v2/projections/exit-strategy/:id/transactions/replace/': [rung],
    'PUT /api/v2/projections/exit-strategy/:id/tax/': { portfolio_id: null },
    'PUT /api/v2/terminal/watchlists/:id/': { name: 'Taken' },
    'PATCH /api/v2/terminal/watchlists/:id/': { name: 'Taken' },
    'PATCH /api/v2/alerts/:id/': { active: false },
    'PATCH /api/v2/notification-channels/:id/': { name: 'Taken' },
    'POST /api/v2/notification-channels/:id/test/': undefined,
    'POST /api/v2/notification-deliveries/:id/retry/': undefined,
    'PATCH /api/v2/connections/:id/': { label: 'Taken' },
    'POST /api/v2/connections/:id/sync/': undefined,
    'PATCH /api/v2/connections/:id/tokens/:tokenId/': { hidden: true },
    'POST /api/v2/connections/:id/held/decide/': { key: 'trade:XXBTZEUR:T1', decision: 'separate' },
    'POST /api/v2/transactions/:id/classify/': { as: 'spend' },
  };
}

/** Required query parameters, so that B's request reaches the owner check (else it is a 400). */
export const queries: Record<string, string> = {
  'DELETE /api/v2/connections/:id/': '?transactions=remove',
};
