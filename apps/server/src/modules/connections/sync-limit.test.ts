import { limitMessages } from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { buildTx } from '../../integrations/esplora/test/esplora-tx-builder.ts';
import { receive, type SyncWorld, syncWorld } from './sync-test-kit.ts';

// Three rows fill a portfolio here, so a two-movement wallet meets the limit at once.
const limit = 3;

let w: SyncWorld;
beforeAll(async () => {
  w = await syncWorld({ env: { LIMIT_TRANSACTIONS_PER_PORTFOLIO: String(limit) } });
});
afterAll(async () => {
  await w?.close();
});

async function stored(portfolioId: string): Promise<number> {
  const [row] = await w.t.database.db
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.portfolioId, portfolioId));
  return Number(row?.n ?? 0);
}

describe('a sync into a portfolio near its limit', () => {
  it('books nothing rather than part, says why on the connection, and books all once there is room', async () => {
    const address = receive(60);
    w.esplora.addTxs(100, [buildTx({ label: 'l-a', outputs: [{ address, value: 1_000_000 }] })]);
    w.esplora.addTxs(101, [buildTx({ label: 'l-b', outputs: [{ address, value: 2_000_000 }] })]);
    const p = await w.user.portfolio({ name: 'Nearly full' });
    const typed = [
      await w.user.ok(p.id, { date: '2023-01-01T00:00:00Z' }),
      await w.user.ok(p.id, { date: '2023-01-02T00:00:00Z' }),
    ];
    const connection = await w.connect({ kind: 'bitcoin', address }, w.user, p.id);

    // Two typed rows and two movements would be four: the whole booking is refused.
    expect(await w.sync(connection.id)).toBe('failed');
    expect(await w.rows(connection.id)).toEqual([]);
    expect(await stored(p.id)).toBe(2);
    const failed = await w.connection(connection.id);
    expect(failed.errorMessage).toBe(`Nothing was booked: ${limitMessages.transactions(limit)}`);

    const removed = await w.user.client.send('DELETE', `/api/v2/transactions/${typed[0]?.id}/`);
    expect(removed.statusCode).toBe(204);
    expect(await w.sync(connection.id)).toBe('synced');
    expect(await w.rows(connection.id)).toHaveLength(2);
    expect(await stored(p.id)).toBe(limit);
  });
});
