import { limitMessages } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { btcPayload, base as projectionsPath } from './test/projections-test-helpers.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { signUp, type TestClient } from './test/test-client.ts';

// Low limits, so each case fills an account in a few requests; the defaults are checked in config.test.ts.
const limit = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      LIMIT_PORTFOLIOS_PER_USER: String(limit),
      LIMIT_WATCHLISTS_PER_USER: String(limit),
      LIMIT_PROJECTIONS_PER_USER: String(limit),
      LIMIT_CONNECTIONS_PER_USER: String(limit),
    },
  });
});
afterAll(async () => {
  await t?.close();
});

interface Account {
  id: string;
  client: TestClient;
  /** A portfolio of the account's own, for the kinds that need one. */
  portfolioId: string | null;
}

let made = 0;

interface Capped {
  kind: 'portfolios' | 'watchlists' | 'projections' | 'connections';
  path: string;
  /** Each call a body no earlier one used (names and addresses must differ). */
  body(account: Account): Record<string, unknown>;
  /** The form field the refusal is shown on. */
  field: string;
  message: string;
  needsPortfolio: boolean;
}

const capped: Capped[] = [
  {
    kind: 'portfolios',
    path: '/api/v2/portfolios/',
    body: () => ({ name: `Portfolio ${++made}` }),
    field: 'name',
    message: limitMessages.portfolios(limit),
    needsPortfolio: false,
  },
  {
    kind: 'watchlists',
    path: '/api/v2/terminal/watchlists/',
    body: () => ({ name: `List ${++made}`, coin_ids: ['bitcoin'] }),
    field: 'name',
    message: limitMessages.watchlists(limit),
    needsPortfolio: false,
  },
  {
    kind: 'projections',
    path: projectionsPath,
    body: () => ({ ...btcPayload, name: `Projection ${++made}` }),
    field: 'name',
    message: limitMessages.projections(limit),
    needsPortfolio: false,
  },
  {
    kind: 'connections',
    path: '/api/v2/connections/',
    body: (account) => ({
      kind: 'evm',
      portfolio_id: account.portfolioId,
      label: `Wallet ${++made}`,
      // Lower case, so no checksum applies; one address per connection (the same one is refused).
      address: `0x${(++made).toString(16).padStart(40, 'a')}`,
      chains: ['ethereum'],
    }),
    field: 'label',
    message: limitMessages.connections(limit),
    needsPortfolio: true,
  },
];

async function account(needsPortfolio: boolean): Promise<Account> {
  const client = t.client();
  const { user } = await signUp(client);
  if (!needsPortfolio) return { id: user.id, client, portfolioId: null };
  const res = await client.post('/api/v2/portfolios/', { name: 'Wallets' });
  expect(res.statusCode).toBe(201);
  return { id: user.id, client, portfolioId: res.json().id };
}

/** The account's rows of the kind, read from the table itself. */
async function stored(kind: Capped['kind'], userId: string): Promise<number> {
  const result = (await t.database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(kind)} where user_id = ${userId}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

async function fill(c: Capped, who: Account, upTo: number): Promise<void> {
  while ((await stored(c.kind, who.id)) < upTo) {
    const res = await who.client.post(c.path, c.body(who));
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe.each(capped)('the $kind per account', (c) => {
  it('refuses one more with a field error in words, writes nothing, and leaves others alone', async () => {
    const full = await account(c.needsPortfolio);
    await fill(c, full, limit);
    const before = await stored(c.kind, full.id);

    const refused = await full.client.post(c.path, c.body(full));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'validation_error',
      category: 'validation',
      message: c.message,
      details: { fields: { [c.field]: [c.message] } },
    });
    expect(await stored(c.kind, full.id)).toBe(before);
    expect(before).toBe(limit);

    // The limit is per account: someone else still has all of theirs.
    const other = await account(c.needsPortfolio);
    expect((await other.client.post(c.path, c.body(other))).statusCode).toBe(201);
  });

  it('lets exactly one of two concurrent creates take the last slot', async () => {
    const racer = await account(c.needsPortfolio);
    await fill(c, racer, limit - 1);
    const answers = await Promise.all([
      racer.client.post(c.path, c.body(racer)),
      racer.client.post(c.path, c.body(racer)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const loser = answers.find((a) => a.statusCode === 400);
    expect(loser?.json().error.details.fields[c.field]).toEqual([c.message]);
    expect(await stored(c.kind, racer.id)).toBe(limit);
  });
});

describe('a full account', () => {
  it('may add a portfolio again once it deletes one, as the message says', async () => {
    const c = capped[0];
    if (!c) throw new Error('no portfolio case');
    const who = await account(false);
    await fill(c, who, limit);
    expect((await who.client.post(c.path, c.body(who))).statusCode).toBe(400);
    const [first] = (await who.client.get(c.path)).json().results as { id: string }[];
    expect((await who.client.send('DELETE', `${c.path}${first?.id}/`)).statusCode).toBe(204);
    expect((await who.client.post(c.path, c.body(who))).statusCode).toBe(201);
    expect(await stored(c.kind, who.id)).toBe(limit);
  });

  it('says its number in the words, singular or plural, with thousands marked', () => {
    expect(limitMessages.portfolios(100)).toBe(
      'You have 100 portfolios, the most one account can have; delete one to add another.',
    );
    expect(limitMessages.watchlists(1)).toContain('You have 1 watchlist,');
    expect(limitMessages.transactions(200_000)).toContain('at most 200,000 transactions');
    expect(limitMessages.narrations(30, 61_000)).toContain('try again in 2 minutes');
    expect(limitMessages.testSends(1, 10)).toContain('1 test message within the hour');
  });
});
