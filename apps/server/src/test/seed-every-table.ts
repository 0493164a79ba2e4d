import { randomUUID } from 'node:crypto';
import {
  accessTokenUses,
  cashMovements,
  connectionRecords,
  notifications,
  oidcIdentities,
  portfolioSnapshots,
  saleLotChoices,
  taxWalletAllocations,
  transferDecisions,
} from '../db/schema/index.ts';
import { seedOwned } from './owned-rows.ts';
import type { TestApp } from './test-app.ts';
import type { TestClient } from './test-client.ts';

/** Answers 2xx or throws with what the route said. */
async function ok(response: Promise<{ statusCode: number; body: string }>, what: string): Promise<void> {
  const res = await response;
  if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

/**
 * At least one row of the signed-in user in every table that holds a user's rows: what the API
 * makes (owned-rows.ts, settings of every kind, a tax link, an idempotent write) and, directly,
 * the rows only the engines write (notifications, a token's uses, an exchange's staged records,
 * cash, lot choices, snapshots, a single sign-on binding). The deletion test checks it against
 * the catalogue, so a new table fails there until it is seeded here.
 */
export async function seedEveryTable(t: TestApp, client: TestClient) {
  const own = await seedOwned(t, client);
  const userId = (await client.get('/api/auth/me')).json().id as string;
  const { db } = t.database;

  const token = await client.post('/api/v2/tokens/', { name: 'Seed', scopes: ['read'] });
  if (token.statusCode !== 201) throw new Error(`token: ${token.statusCode} ${token.body}`);
  const bearer = token.json().token as string;

  await ok(
    client.send('PATCH', '/api/v2/settings/', { base_currency: 'eur', favorites: ['bitcoin'] }),
    'settings',
  );
  await ok(client.send('PATCH', '/api/v2/tax/settings/', { rule: 'us', short_rate: '20' }), 'tax settings');
  await ok(
    client.send('POST', '/api/v2/tax/history/', {
      from_year: new Date().getUTCFullYear() + 1,
      method: 'hifo',
    }),
    'tax settings by year',
  );
  await ok(
    client.send('PATCH', '/api/v2/notification-preferences/', { digest: true }),
    'notification preferences',
  );
  await ok(client.send('PATCH', '/api/v2/insights/settings/', { near_percent: '12' }), 'insight settings');
  await ok(
    client.send('PUT', '/api/v2/insights/targets/', {
      portfolio_id: 'all',
      targets: [{ type: 'coin', key: 'bitcoin', percentage: '100' }],
    }),
    'targets',
  );
  await ok(
    client.send('PUT', `/api/v2/projections/exit-strategy/${own.projection}/tax/`, { portfolio_id: 'all' }),
    'tax link',
  );
  await ok(
    client.post('/api/v2/portfolios/', { name: 'Idempotent' }, { 'Idempotency-Key': `seed-${randomUUID()}` }),
    'idempotent write',
  );

  const day = new Date('2024-01-01T00:00:00Z');
  const portfolio = own.portfolio ?? '';
  const connection = own.connection ?? '';
  await db
    .insert(oidcIdentities)
    .values({ userId, issuer: 'https://idp.example.test', subject: `s-${userId}` });
  await db.insert(accessTokenUses).values({
    tokenId: own.accessToken ?? '',
    kind: 'route',
    target: 'GET /api/v2/portfolios/',
    status: 200,
  });
  await db.insert(notifications).values({
    userId,
    alertId: own.alert ?? null,
    coinCoingeckoId: 'bitcoin',
    eventPayload: {
      left: { type: 'indicator', metric: 'price', params: { period: null }, value: 1 },
      op: '>=',
      right: { type: 'value', metric: null, params: { period: null }, value: 1 },
    },
  });
  await db.insert(cashMovements).values({
    portfolioId: portfolio,
    sourceConnectionId: connection,
    sourceId: 'deposit:1',
    kind: 'deposit',
    currency: 'usd',
    amount: '100',
    rate: '1',
    executedAt: day,
  });
  await db.insert(transferDecisions).values({
    userId,
    outTransactionId: own.transferOut ?? '',
    inTransactionId: own.transaction ?? '',
  });
  await db.insert(saleLotChoices).values({
    saleId: own.sale ?? '',
    userId,
    acquisitionId: own.transaction ?? '',
    quantity: '0.1',
    position: 0,
  });
  await db.insert(taxWalletAllocations).values({
    userId,
    coinId: 'bitcoin',
    acquisitionId: own.transaction ?? '',
    portfolioId: portfolio,
    quantity: '0.1',
  });
  await db.insert(connectionRecords).values({ connectionId: connection, key: 'movement:1', record: {} });
  await db.insert(portfolioSnapshots).values({
    portfolioId: portfolio,
    kind: 'seed',
    revision: 0,
    format: 'seed',
    payload: new Uint8Array([1]),
  });
  return { ...own, userId, bearer };
}
