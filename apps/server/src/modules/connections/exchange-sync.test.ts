import { connectionMessages, connectionReconciliationSchema } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionRecords, transactions } from '../../db/schema/index.ts';
import {
  type FakeKraken,
  fakeKrakenKey,
  startFakeKraken,
} from '../../integrations/exchanges/test/fake-kraken.ts';
import {
  buildKrakenAccount,
  type KrakenAccountPlan,
  krakenTradeId,
} from '../../integrations/exchanges/test/kraken-account.ts';
import { brief, plain, type SyncWorld, syncWorld } from './sync-test-kit.ts';

const depositTx = '6544b41b607d8b2512baf801755a3a87b6890eacdb451be8a94059fb11f0a8d9';
const withdrawalTx = '0b8d8e1ac7c9f1f4e9f0d8a1d2a3c4b5e6f708192a3b4c5d6e7f8091a2b3c4d5';
const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** Euros in, bitcoin bought, bitcoin deposited from outside, some sent out with its network fee. */
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
    {
      asset: 'XXBT',
      amount: '0.5',
      time: '2026-01-03T10:00:00Z',
      txid: depositTx,
      address,
      method: 'Bitcoin',
      network: 'Bitcoin',
    },
  ],
  trades: [
    { pair: 'XXBTZEUR', side: 'buy', vol: '0.1', price: '40000', fee: '10.4', time: '2026-01-04T11:00:00Z' },
  ],
  withdrawals: [
    {
      asset: 'XXBT',
      amount: '0.2',
      fee: '0.0001',
      time: '2026-01-05T12:00:00Z',
      txid: withdrawalTx,
      address,
      method: 'Bitcoin',
      network: 'Bitcoin',
    },
  ],
};

let kraken: FakeKraken;
let w: SyncWorld;
let portfolio: { id: string; currency: string };

beforeAll(async () => {
  const withdrawing = fakeKrakenKey('withdrawing', [
    'query-funds',
    'query-closed-trades',
    'query-ledger-entries',
    'withdraw-funds',
  ]);
  kraken = await startFakeKraken({
    account: buildKrakenAccount(account),
    keys: [fakeKrakenKey(), withdrawing],
    now: () => Date.parse('2026-03-01T00:00:00Z'),
  });
  w = await syncWorld({ env: { EXCHANGE_API_URLS: JSON.stringify({ kraken: kraken.url }) } });
  portfolio = await w.user.portfolio({ name: 'Kraken', currency: 'eur' });
});
afterAll(async () => {
  await w?.close();
  await kraken?.close();
});

const krakenBody = (key = kraken.key) => ({
  kind: 'exchange',
  exchange: 'kraken',
  label: 'Kraken',
  api_key: key.apiKey,
  api_secret: key.secret,
});

describe('syncing a Kraken account', () => {
  it('books trades at their price, deposits at unknown cost and withdrawals with their fee; a second sync adds nothing', async () => {
    const connection = await w.connect(krakenBody(), w.user, portfolio.id);
    expect(connection).toMatchObject({
      kind: 'exchange',
      exchange: 'kraken',
      chains: [],
      key_permissions: { can_trade: false, can_withdraw: false },
    });
    expect(connection.masked).not.toContain(kraken.key.apiKey.slice(8, -4));
    expect(await w.sync(connection.id)).toBe('synced');

    const rows = (await w.rows(connection.id)).map((r) => ({
      ...brief(r),
      fee: plain(r.fee),
      ref: r.outsideRef,
    }));
    const trade = krakenTradeId('0');
    expect(rows.map(({ sourceId, ...r }) => r)).toEqual([
      {
        type: 'transfer_in',
        coin: 'bitcoin',
        quantity: '0.5',
        price: null,
        classification: 'received',
        fee: '0',
        ref: expect.stringMatching(/^kraken:ledger:L/),
      },
      {
        type: 'buy',
        coin: 'bitcoin',
        quantity: '0.1',
        price: '40000',
        classification: null,
        fee: '10.4',
        ref: `kraken:trade:${trade}`,
      },
      {
        type: 'transfer_out',
        coin: 'bitcoin',
        quantity: '0.2',
        price: '0',
        classification: 'sent',
        fee: '0',
        ref: expect.stringMatching(/^kraken:ledger:L/),
      },
      // No bitcoin close stored for that day: the fee left at no known value, never at an invented one.
      {
        type: 'transfer_out',
        coin: 'bitcoin',
        quantity: '0.0001',
        price: '0',
        classification: 'network_fee',
        fee: '0',
        ref: expect.stringMatching(/^kraken:ledger:L/),
      },
    ]);

    const stored = await w.connection(connection.id);
    expect(stored).toMatchObject({ state: 'up_to_date', errorMessage: null });
    expect(stored.chainBalances).toEqual({ 'exchange:bitcoin': '0.3999' });
    const recon = connectionReconciliationSchema.parse(
      (await w.user.client.get(`/api/v2/connections/${connection.id}/reconciliation/`)).json(),
    );
    expect(recon.coins).toEqual([
      {
        coin_id: 'bitcoin',
        chain: 'exchange',
        ledger_quantity: '0.3999',
        chain_quantity: '0.3999',
        difference: '0',
        explained_by: [],
      },
    ]);

    const requests = kraken.requests.length;
    expect(await w.sync(connection.id)).toBe('synced');
    expect((await w.rows(connection.id)).length).toBe(4);
    expect(kraken.requests.length).toBeGreaterThan(requests);
    // Nothing staged or held is left behind.
    const left = await w.t.database.db
      .select()
      .from(connectionRecords)
      .where(eq(connectionRecords.connectionId, connection.id));
    expect(left).toEqual([]);

    // The withdrawal carries the chain's transaction id Kraken gave, so the wallet row that
    // received it three days later (kept from a deleted wallet connection) pairs by the hash alone.
    const wallet = await w.user.portfolio({ name: 'Cold wallet', currency: 'eur' });
    const [arrived] = await w.t.database.db
      .insert(transactions)
      .values({
        userId: w.user.user.id,
        portfolioId: wallet.id,
        coinId: 'bitcoin',
        type: 'transfer_in',
        quantity: '0.2',
        pricePerCoin: null,
        fee: '0',
        executedAt: new Date('2026-01-08T12:00:00Z'),
        sourceId: `${withdrawalTx}:0`,
        classification: 'received',
      })
      .returning();
    const sent = (await w.rows(connection.id)).find(
      (r) => r.type === 'transfer_out' && plain(r.quantity) === '0.2',
    );
    expect(sent?.txHash).toBe(withdrawalTx);
    const view = (await w.user.client.get('/api/v2/transfers/')).json();
    expect(view.matched).toMatchObject([
      {
        reason: 'tx_hash',
        out: { transaction_id: sent?.id, tx_hash: withdrawalTx, source: { kind: 'exchange' } },
        in: { transaction_id: arrived?.id, tx_hash: withdrawalTx },
      },
    ]);
  });

  it('refuses a key Kraken rejects and one that can withdraw, unless its owner says to use it', async () => {
    const bad = await w.user.client.post('/api/v2/connections/', {
      ...krakenBody({ ...kraken.key, secret: Buffer.from('wrong secret').toString('base64') }),
      portfolio_id: portfolio.id,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields.api_key).toEqual([
      connectionMessages.exchangeKeyRejected('Kraken'),
    ]);

    const withdrawing = fakeKrakenKey('withdrawing', ['query-funds', 'withdraw-funds']);
    const body = {
      ...krakenBody(withdrawing),
      portfolio_id: (await w.user.portfolio({ name: 'Other', currency: 'eur' })).id,
    };
    const refused = await w.user.client.post('/api/v2/connections/', body);
    expect(refused.json().error.details.fields.allow_withdrawal).toEqual([
      connectionMessages.exchangeKeyCanWithdraw,
    ]);
    const allowed = await w.user.client.post('/api/v2/connections/', { ...body, allow_withdrawal: true });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().key_permissions).toEqual({ can_trade: false, can_withdraw: true });
    // Nothing of the refused attempts was stored.
    const list = (await w.user.client.get('/api/v2/connections/')).json().results as { label: string }[];
    expect(list.filter((c) => c.label === 'Kraken')).toHaveLength(2);
  });

  it('adopts the rows a CSV export of the same account brought, by Kraken’s ids: nothing doubles', async () => {
    const p = await w.user.portfolio({ name: 'CSV first', currency: 'eur' });
    const trade = krakenTradeId('0');
    const csv = [
      'txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers',
      `${trade},OX,XXBTZEUR,2026-01-04 11:00:00,buy,limit,40000,4000,10.4,0.1,0,,`,
    ].join('\n');
    const preview = (await w.user.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv })).json();
    const commit = await w.user.client.post(`/api/v2/portfolios/${p.id}/import/commit/`, {
      rows: preview.rows.map(
        (r: { line: number; coin_id: string; transaction: unknown; outside_ref?: string }) => ({
          line: r.line,
          coin_id: r.coin_id,
          transaction: r.transaction,
          outside_ref: r.outside_ref,
        }),
      ),
    });
    expect(commit.json()).toEqual({ created: 1 });
    const connection = await w.connect(krakenBody(), w.user, p.id);
    expect(await w.sync(connection.id)).toBe('synced');

    const all = await w.t.database.db.select().from(transactions).where(eq(transactions.portfolioId, p.id));
    expect(all.filter((r) => r.type === 'buy')).toHaveLength(1);
    const [bought] = all.filter((r) => r.type === 'buy');
    expect(bought).toMatchObject({ sourceConnectionId: connection.id, outsideRef: `kraken:trade:${trade}` });
    expect(all).toHaveLength(4);
    const recon = connectionReconciliationSchema.parse(
      (await w.user.client.get(`/api/v2/connections/${connection.id}/reconciliation/`)).json(),
    );
    expect(recon.coins[0]?.difference).toBe('0');

    // And the same export imported after the sync is marked as a duplicate, not taken twice.
    const again = (await w.user.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv })).json();
    expect(again.duplicate_lines).toEqual([2]);
  });

  it('holds a row it may duplicate for its owner instead of guessing', async () => {
    const p = await w.user.portfolio({ name: 'Typed first', currency: 'eur' });
    // Two hand-typed buys of the same quantity within 2 s of the trade: which one is it?
    for (const second of ['00', '01']) {
      const res = await w.user.tx(p.id, {
        type: 'buy',
        quantity: '0.1',
        price_per_coin: '40000',
        date: `2026-01-04T11:00:${second}Z`,
      });
      expect(res.statusCode).toBe(201);
    }
    const connection = await w.connect(krakenBody(), w.user, p.id);
    expect(await w.sync(connection.id)).toBe('synced');
    const held = await w.t.database.db
      .select()
      .from(connectionRecords)
      .where(
        and(
          eq(connectionRecords.connectionId, connection.id),
          eq(connectionRecords.reason, 'possible_duplicate'),
        ),
      );
    expect(held).toHaveLength(1);
    const buys = await w.t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.portfolioId, p.id), eq(transactions.type, 'buy')));
    expect(buys).toHaveLength(2);
  });

  it('marks a connection whose key stops working as needing attention, and tells its owner once', async () => {
    const p = await w.user.portfolio({ name: 'Revoked', currency: 'eur' });
    const connection = await w.connect(krakenBody(), w.user, p.id);
    kraken.setFault({ type: 'error', error: 'EAPI:Invalid key' }, { times: Number.POSITIVE_INFINITY });
    try {
      expect(await w.sync(connection.id)).toBe('failed');
      expect(await w.sync(connection.id)).toBe('failed');
    } finally {
      kraken.clearFaults();
    }
    const stored = await w.connection(connection.id);
    expect(stored.state).toBe('needs_attention');
    expect(stored.errorMessage).toMatch(/Kraken/);
    expect(await w.notices(w.user.user.id, connection.id)).toBe(1);
    expect(await w.rows(connection.id)).toEqual([]);
  });
});
