import { returnsResponseSchema } from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashMovements } from '../../db/schema/index.ts';
import { type FakeKraken, startFakeKraken } from '../../integrations/exchanges/test/fake-kraken.ts';
import {
  buildKrakenAccount,
  type KrakenAccountPlan,
} from '../../integrations/exchanges/test/kraken-account.ts';
import { plain, type SyncWorld, syncWorld } from './sync-test-kit.ts';

/** Euros paid in, bitcoin bought with them and partly sold, some euros taken back out. */
const account: KrakenAccountPlan = {
  deposits: [
    {
      asset: 'ZEUR',
      amount: '5000',
      time: '2026-01-02T09:00:00Z',
      txid: 'SEPA-1',
      address: 'DE89',
      method: 'SEPA',
    },
  ],
  trades: [
    { pair: 'XXBTZEUR', side: 'buy', vol: '0.1', price: '40000', fee: '10.4', time: '2026-01-04T11:00:00Z' },
    { pair: 'XXBTZEUR', side: 'sell', vol: '0.05', price: '42000', fee: '5', time: '2026-01-06T11:00:00Z' },
  ],
  withdrawals: [
    {
      asset: 'ZEUR',
      amount: '1000',
      fee: '0.09',
      time: '2026-01-07T12:00:00Z',
      txid: 'SEPA-2',
      address: 'DE89',
      method: 'SEPA',
    },
  ],
};

let kraken: FakeKraken;
let w: SyncWorld;

beforeAll(async () => {
  kraken = await startFakeKraken({
    account: buildKrakenAccount(account),
    now: () => Date.parse('2026-03-01T00:00:00Z'),
  });
  w = await syncWorld({ env: { EXCHANGE_API_URLS: JSON.stringify({ kraken: kraken.url }) } });
  // Bitcoin's euro closes from before the first deposit, so every day of the history has a value.
  for (let day = Date.parse('2025-12-31T00:00:00Z'); day <= Date.now(); day += 86_400_000) {
    await w.setClose('bitcoin', new Date(day), 40_000, 'eur');
  }
});
afterAll(async () => {
  await w?.close();
  await kraken?.close();
});

const connectKraken = async (portfolioId: string) =>
  w.connect(
    {
      kind: 'exchange',
      exchange: 'kraken',
      label: 'Kraken',
      api_key: kraken.key.apiKey,
      api_secret: kraken.key.secret,
    },
    w.user,
    portfolioId,
  );

const cashOf = async (portfolioId: string) =>
  (
    await w.t.database.db
      .select()
      .from(cashMovements)
      .where(eq(cashMovements.portfolioId, portfolioId))
      .orderBy(asc(cashMovements.executedAt))
  ).map((c) => ({
    kind: c.kind,
    currency: c.currency,
    amount: plain(c.amount),
    fee: plain(c.fee),
    rate: plain(c.rate),
    transactionId: c.transactionId,
    connection: c.sourceConnectionId,
  }));

const returnsOf = async (portfolioId: string) =>
  returnsResponseSchema.parse(
    (await w.user.client.get(`/api/v2/returns/?portfolio_id=${portfolioId}&explain=ALL`)).json(),
  );

describe("an exchange account's money", () => {
  it('keeps fiat deposits and withdrawals as the cash flows of the returns, and the trades between them as cash spent and received', async () => {
    const portfolio = await w.user.portfolio({ name: 'Kraken cash', currency: 'eur' });
    const connection = await connectKraken(portfolio.id);
    expect(await w.sync(connection.id)).toBe('synced');
    const rows = await w.rows(connection.id);
    const buy = rows.find((r) => r.type === 'buy');
    const sell = rows.find((r) => r.type === 'sell');
    // Money is no holding: no row for the euros.
    expect(rows.map((r) => r.coinId)).toEqual(['bitcoin', 'bitcoin']);
    const cash = await cashOf(portfolio.id);
    expect(cash).toEqual([
      {
        kind: 'deposit',
        currency: 'eur',
        amount: '5000',
        fee: '0',
        rate: '1',
        transactionId: null,
        connection: connection.id,
      },
      {
        kind: 'trade',
        currency: 'eur',
        amount: '-4010.4',
        fee: '0',
        rate: '1',
        transactionId: buy?.id,
        connection: connection.id,
      },
      {
        kind: 'trade',
        currency: 'eur',
        amount: '2095',
        fee: '0',
        rate: '1',
        transactionId: sell?.id,
        connection: connection.id,
      },
      {
        kind: 'withdrawal',
        currency: 'eur',
        amount: '1000',
        fee: '0.09',
        rate: '1',
        transactionId: null,
        connection: connection.id,
      },
    ]);

    const returns = await returnsOf(portfolio.id);
    // 5000 − 4010.4 + 2095 − 1000.09
    expect(returns.cash_held).toBe('2084.51');
    const flows = returns.explain?.cash_flows.filter((f) => f.kind === 'inflow' || f.kind === 'outflow');
    // The purchase was paid from euros already paid in: the deposit is the money in, not the buy.
    expect(flows).toEqual([
      { date: '2026-01-02', kind: 'inflow', amount: '-5000', transaction_ids: [] },
      { date: '2026-01-07', kind: 'outflow', amount: '1000', transaction_ids: [] },
    ]);

    expect(await w.sync(connection.id)).toBe('synced');
    expect(await cashOf(portfolio.id)).toHaveLength(4);
  });

  it('goes with the connection when its rows go, and stays unlinked when they stay', async () => {
    const removed = await w.user.portfolio({ name: 'Removed', currency: 'eur' });
    const first = await connectKraken(removed.id);
    expect(await w.sync(first.id)).toBe('synced');
    const gone = await w.user.client.send('DELETE', `/api/v2/connections/${first.id}/?transactions=remove`);
    expect(gone.statusCode).toBe(204);
    expect(await cashOf(removed.id)).toEqual([]);
    expect((await returnsOf(removed.id)).cash_held).toBeNull();

    const kept = await w.user.portfolio({ name: 'Kept', currency: 'eur' });
    const second = await connectKraken(kept.id);
    expect(await w.sync(second.id)).toBe('synced');
    const keep = await w.user.client.send('DELETE', `/api/v2/connections/${second.id}/?transactions=keep`);
    expect(keep.statusCode).toBe(204);
    const left = await cashOf(kept.id);
    expect(left.map((c) => [c.kind, c.connection])).toEqual([
      ['deposit', null],
      ['trade', null],
      ['trade', null],
      ['withdrawal', null],
    ]);
    expect((await returnsOf(kept.id)).cash_held).toBe('2084.51');
  });

  it('is no one else’s to read', async () => {
    const res = await w.stranger.client.get(`/api/v2/returns/?portfolio_id=${w.portfolio.id}`);
    expect(res.statusCode).toBe(404);
  });
});
