import {
  connectionApiMessages,
  connectionRecordMessages,
  type HeldRecord,
  heldRecordListSchema,
  heldRecordSchema,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionRecords, transactions } from '../../db/schema/index.ts';
import { type FakeKraken, startFakeKraken } from '../../integrations/exchanges/test/fake-kraken.ts';
import {
  buildKrakenAccount,
  type KrakenAccountPlan,
  krakenTradeId,
} from '../../integrations/exchanges/test/kraken-account.ts';
import { type SyncWorld, syncWorld, type User } from './sync-test-kit.ts';

/**
 * Two bitcoin buys years apart, and one priced in dollars for a euro portfolio, which waits for
 * a rate no test stores.
 */
const account: KrakenAccountPlan = {
  trades: [
    { pair: 'XXBTZEUR', side: 'buy', vol: '0.05', price: '30000', fee: '3', time: '2021-06-01T08:00:00Z' },
    { pair: 'XXBTZEUR', side: 'buy', vol: '0.1', price: '40000', fee: '10.4', time: '2026-01-04T11:00:00Z' },
    { pair: 'XXBTZUSD', side: 'buy', vol: '0.01', price: '42000', fee: '1', time: '2026-01-06T09:00:00Z' },
  ],
};
const early = krakenTradeId('0');
const late = krakenTradeId('1');
const lateKey = `trade:XXBTZEUR:${late}`;

let kraken: FakeKraken;
let w: SyncWorld;

beforeAll(async () => {
  kraken = await startFakeKraken({
    account: buildKrakenAccount(account),
    now: () => Date.parse('2026-03-01T00:00:00Z'),
  });
  w = await syncWorld({ env: { EXCHANGE_API_URLS: JSON.stringify({ kraken: kraken.url }) } });
});
afterAll(async () => {
  await w?.close();
  await kraken?.close();
});

const krakenBody = () => ({
  kind: 'exchange',
  exchange: 'kraken',
  label: 'Kraken',
  api_key: kraken.key.apiKey,
  api_secret: kraken.key.secret,
});

const heldUrl = (id: string) => `/api/v2/connections/${id}/held/`;
const decideUrl = (id: string) => `/api/v2/connections/${id}/held/decide/`;

async function held(connectionId: string): Promise<HeldRecord[]> {
  const res = await w.user.client.get(heldUrl(connectionId));
  expect(res.statusCode).toBe(200);
  const list = heldRecordListSchema.parse(res.json());
  expect(list.count).toBe(list.results.length);
  return list.results;
}

async function decide(connectionId: string, body: unknown, who: User = w.user) {
  return who.client.post(decideUrl(connectionId), body);
}

const portfolioRows = (portfolioId: string) =>
  w.t.database.db.select().from(transactions).where(eq(transactions.portfolioId, portfolioId));

const buy = (portfolioId: string, date: string, quantity = '0.1', price = '40000') =>
  w.user.ok(portfolioId, { type: 'buy', quantity, price_per_coin: price, date });

/**
 * A portfolio where the later trade was typed twice by hand, both within 2 s of Kraken's stamp:
 * the sync cannot tell which one it is, so it holds the trade.
 */
async function ambiguous(name: string) {
  const p = await w.user.portfolio({ name, currency: 'eur' });
  const first = await buy(p.id, '2026-01-04T11:00:00Z');
  const second = await buy(p.id, '2026-01-04T11:00:01Z');
  const connection = await w.connect(krakenBody(), w.user, p.id);
  expect(await w.sync(connection.id)).toBe('synced');
  return { p, connection, first, second };
}

describe('exchange records held as possible duplicates', () => {
  it('lists a held record with the rows it would book and both rows it may be; only its owner sees it', async () => {
    const { p, connection, first, second } = await ambiguous('Listed');
    const list = await held(connection.id);
    expect(list.map((r) => r.reason).sort()).toEqual(['no_price', 'possible_duplicate']);
    const record = list.find((r) => r.reason === 'possible_duplicate');
    expect(record).toMatchObject({
      key: lateKey,
      kind: 'trade',
      explanation: connectionRecordMessages.reasons.possible_duplicate,
      executed_at: '2026-01-04T11:00:00.000Z',
      outside_ref: `kraken:trade:${late}`,
      legs: [
        {
          type: 'buy',
          coin_id: 'bitcoin',
          quantity: '0.1',
          price_per_coin: '40000',
          executed_at: '2026-01-04T11:00:00.000Z',
        },
      ],
      decision: null,
    });
    expect(record?.detail.split(',').sort()).toEqual([first.id, second.id].sort());
    expect(record?.candidates.map((c) => c.transaction_id).sort()).toEqual([first.id, second.id].sort());
    expect(record?.candidates[0]).toMatchObject({
      type: 'buy',
      coin_id: 'bitcoin',
      quantity: '0.1',
      price_per_coin: '40000',
      outside_ref: null,
      connection_id: null,
    });
    const waiting = list.find((r) => r.reason === 'no_price');
    expect(waiting).toMatchObject({
      explanation: connectionRecordMessages.reasons.no_price,
      legs: [],
      candidates: [],
      outside_ref: expect.stringMatching(/^kraken:trade:/),
    });
    // The earlier trade matched nothing and was booked; nothing typed was touched.
    const rows = await portfolioRows(p.id);
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.sourceConnectionId === connection.id).map((r) => r.outsideRef)).toEqual([
      `kraken:trade:${early}`,
    ]);

    const other = await w.stranger.client.get(heldUrl(connection.id));
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toMatchObject({
      category: 'not_found',
      message: connectionApiMessages.notFound,
    });
    const otherDecide = await decide(connection.id, { key: lateKey, decision: 'separate' }, w.stranger);
    expect(otherDecide.statusCode).toBe(404);
    expect(otherDecide.json().error.message).toBe(connectionApiMessages.notFound);
  });

  it('refuses what it cannot decide, in the error envelope, and changes nothing', async () => {
    const { p, connection, first } = await ambiguous('Refused');
    const waiting = (await held(connection.id)).find((r) => r.reason === 'no_price');
    const before = await portfolioRows(p.id);

    const unknown = await decide(connection.id, { key: 'trade:XXBTZEUR:nothing', decision: 'separate' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(connectionRecordMessages.notHeld);

    const notDuplicate = await decide(connection.id, { key: waiting?.key, decision: 'separate' });
    expect(notDuplicate.statusCode).toBe(400);
    expect(notDuplicate.json().error).toMatchObject({
      category: 'validation',
      details: { fields: { key: [connectionRecordMessages.notDuplicate] } },
    });

    // A row of the same portfolio that is not among the candidates, and an id nobody has.
    const booked = before.find((r) => r.sourceConnectionId === connection.id);
    for (const id of [booked?.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await decide(connection.id, {
        key: lateKey,
        decision: 'same',
        transaction_ids: [first.id, id],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields.transaction_ids).toEqual([
        connectionRecordMessages.notCandidate,
      ]);
    }

    const bad: unknown[] = [
      {},
      { key: lateKey },
      { key: lateKey, decision: 'maybe' },
      { key: '', decision: 'separate' },
      { key: lateKey, decision: 'same' },
      { key: lateKey, decision: 'same', transaction_ids: [] },
      { key: lateKey, decision: 'same', transaction_ids: ['not-an-id'] },
      { key: lateKey, decision: 'separate', transaction_ids: [first.id] },
      { key: 7, decision: 'separate' },
      [],
    ];
    for (const body of bad) {
      const res = await decide(connection.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.category).toBe('validation');
    }
    const empty = await decide(connection.id, { key: '', decision: 'separate' });
    expect(empty.json().error.details.fields.key).toEqual([connectionRecordMessages.keyEmpty]);

    const record = (await held(connection.id)).find((r) => r.key === lateKey);
    expect(record?.decision).toBeNull();
    expect(await portfolioRows(p.id)).toEqual(before);
  });

  it('“same”: the chosen row takes the connection’s source and nothing doubles, also on the next sync', async () => {
    const { p, connection, first, second } = await ambiguous('Same');
    const res = await decide(connection.id, { key: lateKey, decision: 'same', transaction_ids: [second.id] });
    expect(res.statusCode).toBe(202);
    const decided = heldRecordSchema.parse(res.json());
    expect(decided).toMatchObject({ key: lateKey, reason: 'possible_duplicate', decision: 'same' });
    await w.t.connections.idle?.();

    const rows = await portfolioRows(p.id);
    expect(rows).toHaveLength(3);
    const chosen = rows.find((r) => r.id === second.id);
    expect(chosen).toMatchObject({
      sourceConnectionId: connection.id,
      sourceId: `${lateKey}:0`,
      outsideRef: `kraken:trade:${late}`,
      quantity: expect.stringMatching(/^0\.10*$/),
    });
    expect(rows.find((r) => r.id === first.id)).toMatchObject({ sourceConnectionId: null, outsideRef: null });
    expect((await held(connection.id)).map((r) => r.reason)).toEqual(['no_price']);

    expect(await w.sync(connection.id)).toBe('synced');
    expect(await portfolioRows(p.id)).toHaveLength(3);
    expect((await w.rows(connection.id)).map((r) => r.id)).toContain(second.id);
    const again = await decide(connection.id, { key: lateKey, decision: 'separate' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(connectionRecordMessages.notHeld);
  });

  it('“separate”: the record is booked beside the typed rows, once', async () => {
    const { p, connection, first, second } = await ambiguous('Separate');
    const res = await decide(connection.id, { key: lateKey, decision: 'separate' });
    expect(res.statusCode).toBe(202);
    expect(res.json().decision).toBe('separate');
    await w.t.connections.idle?.();

    const rows = await portfolioRows(p.id);
    expect(rows).toHaveLength(4);
    for (const id of [first.id, second.id]) {
      expect(rows.find((r) => r.id === id)).toMatchObject({ sourceConnectionId: null, outsideRef: null });
    }
    const own = rows.filter((r) => r.sourceConnectionId === connection.id);
    expect(own.map((r) => r.outsideRef).sort()).toEqual(
      [`kraken:trade:${early}`, `kraken:trade:${late}`].sort(),
    );
    expect((await held(connection.id)).map((r) => r.reason)).toEqual(['no_price']);

    expect(await w.sync(connection.id)).toBe('synced');
    expect(await portfolioRows(p.id)).toHaveLength(4);
  });

  it('asks again when the row the owner chose is gone, offering what is left', async () => {
    const { p, connection, first, second } = await ambiguous('Gone');
    // The decision as a request stores it, without the sync the route asks for: the row goes first.
    await w.t.database.db
      .update(connectionRecords)
      .set({ decision: 'same', decidedRows: [first.id] })
      .where(and(eq(connectionRecords.connectionId, connection.id), eq(connectionRecords.key, lateKey)));
    const removed = await w.user.client.send('DELETE', `/api/v2/transactions/${first.id}/`);
    expect(removed.statusCode).toBe(204);
    expect(await w.sync(connection.id)).toBe('synced');

    const record = (await held(connection.id)).find((r) => r.key === lateKey);
    expect(record).toMatchObject({ reason: 'possible_duplicate', detail: second.id, decision: null });
    expect(record?.candidates.map((c) => c.transaction_id)).toEqual([second.id]);
    expect(await portfolioRows(p.id)).toHaveLength(2);

    const res = await decide(connection.id, { key: lateKey, decision: 'same', transaction_ids: [second.id] });
    expect(res.statusCode).toBe(202);
    await w.t.connections.idle?.();
    expect((await portfolioRows(p.id)).find((r) => r.id === second.id)?.sourceConnectionId).toBe(
      connection.id,
    );
    expect(await portfolioRows(p.id)).toHaveLength(2);
  });

  it('still adopts a CSV row whose trade is years from the others, and leaves rows between them alone', async () => {
    const p = await w.user.portfolio({ name: 'Years apart', currency: 'eur' });
    const csv = [
      'date,type,coin,quantity,price_per_coin,fee,note',
      '2021-06-01T08:00:01Z,buy,BTC,0.05,30000,3,from a spreadsheet',
    ].join('\n');
    const preview = (await w.user.client.post(`/api/v2/portfolios/${p.id}/import/preview/`, { csv })).json();
    expect(preview.rows).toHaveLength(1);
    const commit = await w.user.client.post(`/api/v2/portfolios/${p.id}/import/commit/`, {
      rows: preview.rows.map((r: { line: number; coin_id: string; transaction: unknown }) => ({
        line: r.line,
        coin_id: r.coin_id,
        transaction: r.transaction,
      })),
    });
    expect(commit.json()).toEqual({ created: 1 });
    // Same coin, type and quantity as a trade, but nowhere near its moment: not it.
    const between = await buy(p.id, '2023-03-03T03:03:03Z', '0.05', '30000');
    const connection = await w.connect(krakenBody(), w.user, p.id);
    expect(await w.sync(connection.id)).toBe('synced');

    const rows = await portfolioRows(p.id);
    expect(rows).toHaveLength(3);
    const imported = rows.find((r) => r.note === 'from a spreadsheet');
    expect(imported).toMatchObject({
      sourceConnectionId: connection.id,
      outsideRef: `kraken:trade:${early}`,
      executedAt: new Date('2021-06-01T08:00:01Z'),
    });
    expect(rows.find((r) => r.id === between.id)).toMatchObject({ sourceConnectionId: null });
    expect(rows.find((r) => r.outsideRef === `kraken:trade:${late}`)?.sourceConnectionId).toBe(connection.id);
    expect((await held(connection.id)).map((r) => r.reason)).toEqual(['no_price']);
  });
});
