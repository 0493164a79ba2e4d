import {
  dashboardResponseSchema,
  errorEnvelopeSchema,
  lotsViewSchema,
  type TransfersResponse,
  taxReportResponseSchema,
  transactionSchema,
  transferMessages,
  transfersResponseSchema,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const list = '/api/v2/transfers/';
const confirm = '/api/v2/transfers/confirm/';
const undo = '/api/v2/transfers/undo/';
const match = '/api/v2/transfers/match/';

type User = Awaited<ReturnType<typeof portfolioUser>>;

async function transfers(u: User): Promise<TransfersResponse> {
  const res = await u.client.get(list);
  expect(res.statusCode, res.body).toBe(200);
  return transfersResponseSchema.parse(res.json());
}

async function decide(u: User, path: string, body: unknown): Promise<TransfersResponse> {
  const res = await u.client.post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return transfersResponseSchema.parse(res.json());
}

async function report(u: User, year: number) {
  const res = await u.client.get(`/api/v2/tax/report/?year=${year}`);
  expect(res.statusCode, res.body).toBe(200);
  return taxReportResponseSchema.parse(res.json());
}

/**
 * Two portfolios: 2 BTC bought in "Exchange" on 10 January 2023; on 1 March 2024 1 BTC leaves it
 * and 0.995 BTC (0.5 % less) arrives in "Wallet" 3 hours later, entered without a price; the
 * wallet sells them on 1 June 2024. US rules, FIFO.
 */
async function movedWithFee() {
  const u = await portfolioUser(t.client());
  const a = await u.portfolio({ name: 'Exchange' });
  const b = await u.portfolio({ name: 'Wallet' });
  await u.ok(a.id, { quantity: '2', price_per_coin: '20000', date: '2023-01-10T12:00:00Z' });
  const out = await u.ok(a.id, {
    type: 'transfer_out',
    quantity: '1',
    price_per_coin: '0',
    date: '2024-03-01T10:00:00Z',
  });
  const arrived = await u.ok(b.id, {
    type: 'transfer_in',
    quantity: '0.995',
    price_per_coin: null,
    date: '2024-03-01T13:00:00Z',
  });
  const sale = await u.ok(b.id, {
    type: 'sell',
    quantity: '0.995',
    price_per_coin: '30000',
    date: '2024-06-01T12:00:00Z',
  });
  expect((await u.client.send('PATCH', '/api/v2/tax/settings/', { rule: 'us' })).statusCode).toBe(200);
  expect((await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' })).statusCode).toBe(
    200,
  );
  return { u, a, b, out, arrived, sale };
}

describe('a withdrawal and its deposit 3 hours later, less 0.5 %', () => {
  it('is proposed and applied: no sale, the lot keeps its date, the network fee is a disposal', async () => {
    const { u, a, b, out, arrived, sale } = await movedWithFee();
    const view = await transfers(u);
    expect(view.matched).toEqual([]);
    expect(view.ambiguous).toEqual([]);
    expect(view.unmatched).toEqual([]);
    expect(view.proposed).toHaveLength(1);
    expect(view.proposed[0]).toMatchObject({
      reason: 'window',
      network_fee: '0.005',
      hours_apart: 3,
      out: {
        transaction_id: out.id,
        portfolio_id: a.id,
        portfolio_name: 'Exchange',
        coin_id: 'bitcoin',
        direction: 'out',
        quantity: '1',
        executed_at: '2024-03-01T10:00:00.000Z',
        tx_hash: null,
        source: { kind: 'manual', connection_id: null, label: null },
      },
      in: { transaction_id: arrived.id, portfolio_id: b.id, quantity: '0.995', direction: 'in' },
    });

    const year = await report(u, 2024);
    // The 0.005 BTC the network kept: a disposal at no proceeds of the lot's cost (20,000 each).
    const fee = year.disposals.find((d) => d.transaction_id === out.id);
    expect(fee).toMatchObject({ quantity: '0.005', proceeds: '0', cost: '100', gain: '-100' });
    expect(fee?.lines.map((l) => [l.acquired_on, l.category])).toEqual([['2023-01-10', 'long']]);
    // The wallet's sale draws on the lot carried in with its acquisition date and cost.
    const sold = year.disposals.find((d) => d.transaction_id === sale.id);
    expect(sold).toMatchObject({ cost: '19900', gain: '9950' });
    expect(sold?.lines.map((l) => [l.acquisition_id, l.acquired_on, l.category])).toEqual([
      [expect.any(String), '2023-01-10', 'long'],
    ]);
    expect(year.disposals.map((d) => d.transaction_id).sort()).toEqual([out.id, sale.id].sort());
    expect(year.needs_price).toEqual([]);

    const lots = lotsViewSchema.parse((await u.client.get(`/api/v2/tax/lots/?portfolio_id=${a.id}`)).json());
    expect(lots.coins[0]?.lots).toMatchObject([{ acquired_on: '2023-01-10', quantity: '1', cost: '20000' }]);
  });

  it('once undone is never proposed again: the sale meets a deposit of unknown cost', async () => {
    const { u, out, arrived, sale } = await movedWithFee();
    const after = await decide(u, undo, { out_id: out.id, in_id: arrived.id });
    expect(after.proposed).toEqual([]);
    expect(after.matched).toEqual([]);
    expect(after.unmatched.map((m) => m.transaction_id).sort()).toEqual([out.id, arrived.id].sort());
    expect(await transfers(u)).toEqual(after);

    const year = await report(u, 2024);
    // The withdrawal left the books (no sale, no fee disposal); the deposit is an acquisition
    // whose cost nobody gave, so the wallet's sale has no known cost.
    expect(year.disposals.map((d) => d.transaction_id)).toEqual([sale.id]);
    expect(year.disposals[0]).toMatchObject({ cost: null, gain: null, proceeds: '29850' });
    expect(year.needs_price.map((n) => n.transaction_id)).toContain(arrived.id);

    // Nothing left to undo, and a confirmation of the rejected pair is refused: only by hand.
    for (const path of [undo, confirm]) {
      const again = await u.client.post(path, { out_id: out.id, in_id: arrived.id });
      expect(again.statusCode, path).toBe(400);
      expect(errorEnvelopeSchema.parse(again.json()).error.details).toMatchObject({
        fields: { in_id: [path === undo ? transferMessages.notMatched : transferMessages.notProposed] },
      });
    }
    const byHand = await decide(u, match, { out_id: out.id, in_id: arrived.id });
    expect(byHand.matched.map((m) => [m.out.transaction_id, m.in.transaction_id, m.reason])).toEqual([
      [out.id, arrived.id, 'confirmed'],
    ]);
    expect((await report(u, 2024)).needs_price).toEqual([]);
  });

  it('once confirmed is matched by the owner, on both rows', async () => {
    const { u, out, arrived } = await movedWithFee();
    const after = await decide(u, confirm, { out_id: out.id, in_id: arrived.id });
    expect(after.proposed).toEqual([]);
    expect(after.matched).toMatchObject([{ reason: 'confirmed', network_fee: '0.005', hours_apart: 3 }]);
    const row = async (id: string) =>
      transactionSchema.parse((await u.client.get(`/api/v2/transactions/${id}/`)).json());
    expect((await row(out.id)).matched_transaction_id).toBe(arrived.id);
    expect((await row(arrived.id)).matched_transaction_id).toBe(out.id);

    // Undoing a confirmed pair clears both rows and stores the rejection.
    const undone = await decide(u, undo, { out_id: out.id, in_id: arrived.id });
    expect(undone.matched).toEqual([]);
    expect(undone.proposed).toEqual([]);
    expect((await row(out.id)).matched_transaction_id).toBeUndefined();
    expect((await row(arrived.id)).matched_transaction_id).toBeUndefined();
  });
});

describe('pairs the window rule does not make', () => {
  it('matches by hand a deposit 4 days later; a deposit with no match keeps an unknown cost', async () => {
    const u = await portfolioUser(t.client());
    const a = await u.portfolio({ name: 'Exchange' });
    const b = await u.portfolio({ name: 'Wallet' });
    await u.ok(a.id, {
      coin_id: 'ethereum',
      quantity: '3',
      price_per_coin: '1000',
      date: '2023-02-01T00:00:00Z',
    });
    const out = await u.ok(a.id, {
      coin_id: 'ethereum',
      type: 'transfer_out',
      quantity: '1',
      price_per_coin: '0',
      date: '2024-04-01T08:00:00Z',
    });
    const late = await u.ok(b.id, {
      coin_id: 'ethereum',
      type: 'transfer_in',
      quantity: '0.98',
      price_per_coin: null,
      date: '2024-04-05T08:00:00Z',
    });
    const stray = await u.ok(b.id, {
      coin_id: 'ethereum',
      type: 'transfer_in',
      quantity: '0.3',
      price_per_coin: null,
      date: '2024-05-01T08:00:00Z',
    });
    const before = await transfers(u);
    expect(before.proposed).toEqual([]);
    expect(before.unmatched.map((m) => m.transaction_id)).toEqual([out.id, late.id, stray.id]);

    const after = await decide(u, match, { out_id: out.id, in_id: late.id });
    expect(after.matched).toMatchObject([
      {
        reason: 'manual',
        network_fee: '0.02',
        hours_apart: 96,
        out: { transaction_id: out.id },
        in: { transaction_id: late.id },
      },
    ]);
    expect(after.unmatched.map((m) => m.transaction_id)).toEqual([stray.id]);

    await u.client.send('PATCH', '/api/v2/tax/settings/', { rule: 'us' });
    const lots = lotsViewSchema.parse((await u.client.get(`/api/v2/tax/lots/?portfolio_id=${b.id}`)).json());
    expect(lots.coins[0]?.lots).toMatchObject([
      { acquired_on: '2023-02-01', quantity: '0.98', cost: '980' },
      { quantity: '0.3', cost: null },
    ]);
    const dashboard = await u.client.get(`/api/v2/dashboard/?portfolio_id=${b.id}&metrics=holdings`);
    expect(dashboard.json().holdings.items[0]).toMatchObject({ unknown_cost_quantity: '0.3' });
  });

  it('refuses what no transfer can be, with a field error, and changes nothing', async () => {
    const u = await portfolioUser(t.client());
    const a = await u.portfolio({ name: 'A' });
    const b = await u.portfolio({ name: 'B' });
    await u.ok(a.id, { quantity: '2', date: '2024-01-01T00:00:00Z' });
    await u.ok(a.id, { coin_id: 'ethereum', quantity: '2', date: '2024-01-01T00:00:00Z' });
    const out = await u.ok(a.id, {
      type: 'transfer_out',
      quantity: '1',
      price_per_coin: '0',
      date: '2024-02-01T00:00:00Z',
    });
    const samePortfolio = await u.ok(a.id, {
      type: 'transfer_in',
      quantity: '1',
      price_per_coin: null,
      date: '2024-02-10T00:00:00Z',
    });
    const otherCoin = await u.ok(b.id, {
      coin_id: 'ethereum',
      type: 'transfer_in',
      quantity: '1',
      price_per_coin: null,
      date: '2024-02-10T00:00:00Z',
    });
    const larger = await u.ok(b.id, {
      type: 'transfer_in',
      quantity: '1.5',
      price_per_coin: null,
      date: '2024-02-10T00:00:00Z',
    });
    const before = await transfers(u);

    const refused = async (body: unknown, status: number, fields: Record<string, string[]>) => {
      const res = await u.client.post(match, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      const envelope = errorEnvelopeSchema.parse(res.json());
      expect(envelope.error.details, JSON.stringify(body)).toMatchObject({ fields });
    };
    await refused({ out_id: out.id, in_id: samePortfolio.id }, 400, {
      in_id: [transferMessages.samePortfolio],
    });
    await refused({ out_id: out.id, in_id: otherCoin.id }, 400, { in_id: [transferMessages.differentCoins] });
    await refused({ out_id: out.id, in_id: larger.id }, 400, { in_id: [transferMessages.inExceedsOut] });
    // An in named as the out, and ids that are no transfer of this user.
    await refused({ out_id: larger.id, in_id: out.id }, 404, { out_id: [transferMessages.outNotFound] });
    await refused({ out_id: out.id, in_id: out.id }, 404, { in_id: [transferMessages.inNotFound] });
    // Bodies the contract refuses.
    await refused({}, 400, { out_id: [expect.any(String)], in_id: [expect.any(String)] });
    await refused({ out_id: 'nope', in_id: larger.id }, 400, { out_id: [transferMessages.outNotFound] });
    await refused({ out_id: out.id, in_id: larger.id, extra: 1 }, 400, {});
    for (const path of [confirm, undo]) {
      const res = await u.client.post(path, { out_id: out.id });
      expect(res.statusCode).toBe(400);
      expect(errorEnvelopeSchema.parse(res.json()).error.category).toBe('validation');
    }
    expect(await transfers(u)).toEqual(before);
  });
});

describe('Metrics of coins moved between own portfolios', () => {
  const summary = async (u: User, portfolioId: string) => {
    const res = await u.client.get(`/api/v2/dashboard/?portfolio_id=${portfolioId}&metrics=holdings`);
    expect(res.statusCode, res.body).toBe(200);
    return dashboardResponseSchema.parse(res.json());
  };

  it('shows the cost the withdrawal carried, follows a chain and an edit, and loses it on undo', async () => {
    const u = await portfolioUser(t.client());
    const a = await u.portfolio({ name: 'Exchange' });
    const b = await u.portfolio({ name: 'Wallet' });
    const c = await u.portfolio({ name: 'Cold' });
    const buy = await u.ok(a.id, { quantity: '2', price_per_coin: '20000', date: '2023-01-10T12:00:00Z' });
    const out = await u.ok(a.id, {
      type: 'transfer_out',
      quantity: '1',
      price_per_coin: '0',
      date: '2024-03-01T10:00:00Z',
    });
    const arrived = await u.ok(b.id, {
      type: 'transfer_in',
      quantity: '0.995',
      price_per_coin: null,
      date: '2024-03-01T13:00:00Z',
    });
    // Half of it moves on to a third portfolio a month later, by hand.
    const onward = await u.ok(b.id, {
      type: 'transfer_out',
      quantity: '0.5',
      price_per_coin: '0',
      date: '2024-04-01T10:00:00Z',
    });
    const last = await u.ok(c.id, {
      type: 'transfer_in',
      quantity: '0.5',
      price_per_coin: null,
      date: '2024-04-03T10:00:00Z',
    });
    await decide(u, match, { out_id: onward.id, in_id: last.id });

    // 20,000 a coin left the exchange with each coin; the 0.005 the network kept took their share.
    const wallet = await summary(u, b.id);
    expect(wallet.portfolio_summary).toMatchObject({ total_investment: '9900' });
    expect(wallet.portfolio_summary.lots_without_cost).toBeUndefined();
    expect(wallet.holdings?.items[0]?.unknown_cost_quantity).toBeUndefined();
    expect((await summary(u, c.id)).portfolio_summary).toMatchObject({ total_investment: '10000' });
    expect((await summary(u, 'all')).portfolio_summary.total_investment).toBe('39900');

    // A write to the exchange's ledger changes what the wallet's coins carried.
    const edited = await u.client.send('PUT', `/api/v2/transactions/${buy.id}/`, {
      portfolio_id: a.id,
      coin_id: 'bitcoin',
      type: 'buy',
      quantity: '2',
      price_per_coin: '30000',
      fee: '0',
      date: '2023-01-10T12:00:00Z',
      note: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await summary(u, b.id)).portfolio_summary.total_investment).toBe('14850');
    expect((await summary(u, c.id)).portfolio_summary.total_investment).toBe('15000');

    await decide(u, undo, { out_id: out.id, in_id: arrived.id });
    const unknown = await summary(u, b.id);
    expect(unknown.portfolio_summary).toMatchObject({ total_investment: '0', lots_without_cost: 1 });
    expect(unknown.holdings?.items[0]).toMatchObject({ unknown_cost_quantity: '0.495' });
    expect((await summary(u, c.id)).portfolio_summary).toMatchObject({
      total_investment: '0',
      lots_without_cost: 1,
    });
  });
});

describe('rows a wallet brought', () => {
  it('pairs a withdrawal and a deposit that share a transaction id, whatever the time and fee', async () => {
    const u = await portfolioUser(t.client());
    const a = await u.portfolio({ name: 'Hot wallet' });
    const b = await u.portfolio({ name: 'Cold wallet' });
    await u.ok(a.id, { quantity: '2', price_per_coin: '20000', date: '2023-01-10T12:00:00Z' });
    const txid = 'ab'.repeat(32);
    // Rows kept from deleted wallet connections: their outside ids still name the transaction.
    const [out, arrived] = await t.database.db
      .insert(transactions)
      .values([
        {
          userId: u.user.id,
          portfolioId: a.id,
          coinId: 'bitcoin',
          type: 'transfer_out',
          quantity: '1',
          pricePerCoin: '0',
          fee: '0',
          executedAt: new Date('2024-03-01T10:00:00Z'),
          sourceId: `${txid}:0`,
          classification: 'sent',
        },
        {
          userId: u.user.id,
          portfolioId: b.id,
          coinId: 'bitcoin',
          type: 'transfer_in',
          quantity: '0.9',
          pricePerCoin: null,
          fee: '0',
          executedAt: new Date('2024-03-02T16:00:00Z'),
          sourceId: `${txid}:1`,
          classification: 'received',
        },
      ])
      .returning();
    const view = await transfers(u);
    expect(view.matched).toMatchObject([
      {
        reason: 'tx_hash',
        network_fee: '0.1',
        hours_apart: 30,
        out: { transaction_id: out?.id, tx_hash: txid, source: { kind: 'wallet' } },
        in: { transaction_id: arrived?.id, tx_hash: txid },
      },
    ]);
    // Undone, the same id never pairs them again.
    const undone = await decide(u, undo, { out_id: out?.id, in_id: arrived?.id });
    expect(undone.matched).toEqual([]);
    expect(undone.unmatched).toHaveLength(2);
  });
});

describe('scope', () => {
  it("never shows or decides on another user's rows", async () => {
    const { u, out, arrived } = await movedWithFee();
    const other = await portfolioUser(t.client());
    const p = await other.portfolio({ name: 'Theirs' });
    await other.ok(p.id, {
      type: 'transfer_in',
      quantity: '0.995',
      price_per_coin: null,
      date: '2024-03-01T12:00:00Z',
    });
    const theirs = await transfers(other);
    expect(theirs.proposed).toEqual([]);
    expect(theirs.unmatched.map((m) => m.portfolio_id)).toEqual([p.id]);
    // The owner's view is unchanged by the other user's deposit an hour before theirs.
    expect((await transfers(u)).proposed.map((m) => m.in.transaction_id)).toEqual([arrived.id]);

    for (const path of [confirm, undo, match]) {
      const res = await other.client.post(path, { out_id: out.id, in_id: arrived.id });
      expect(res.statusCode, path).toBe(404);
      expect(errorEnvelopeSchema.parse(res.json()).error.details).toMatchObject({
        fields: { out_id: [transferMessages.outNotFound] },
      });
    }
    expect((await transfers(u)).proposed).toHaveLength(1);
    expect((await t.client().get(list)).statusCode).toBe(401);
  });
});
