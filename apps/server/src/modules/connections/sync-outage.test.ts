import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTx } from '../../integrations/esplora/test/esplora-tx-builder.ts';
import { receive, type SyncWorld, syncWorld } from './sync-test-kit.ts';

let w: SyncWorld;
beforeAll(async () => {
  w = await syncWorld();
});
afterAll(async () => {
  await w?.close();
});
beforeEach(() => {
  w.esplora.clear();
  w.esplora.resetCounts();
});

describe('a sync whose explorer fails', () => {
  it('fails an outage in words, leaves the rows, plans the next try and tells the owner once', async () => {
    const address = receive(41);
    w.esplora.addTxs(100, [buildTx({ label: 'o-a', outputs: [{ address, value: 1_000_000 }] })]);
    const connection = await w.connect({ kind: 'bitcoin', address });
    await w.sync(connection.id);
    const before = await w.rows(connection.id);
    w.esplora.addTxs(101, [buildTx({ label: 'o-b', outputs: [{ address, value: 5_000_000 }] })]);

    w.esplora.fail({ type: 'status', status: 503 });
    const start = w.t.clock().getTime();
    expect(await w.sync(connection.id)).toBe('failed');
    let stored = await w.connection(connection.id);
    expect(stored.state).toBe('failed');
    expect(stored.errorMessage).toMatch(
      /^The explorer at 127\.0\.0\.1:\d+ is having trouble: it answered 503\.$/,
    );
    expect(stored.failures).toBe(1);
    expect(stored.nextSyncAt?.getTime()).toBe(start + 5 * 60_000);
    expect(await w.rows(connection.id)).toEqual(before);
    expect(await w.notices(w.user.user.id, connection.id)).toBe(1);

    // The second failing try backs off further and tells nobody again.
    w.t.clock.advance(5 * 60_000);
    w.esplora.fail({ type: 'status', status: 429, retryAfter: '1' });
    expect(await w.sync(connection.id)).toBe('failed');
    stored = await w.connection(connection.id);
    expect(stored.failures).toBe(2);
    expect(stored.errorMessage).toContain('asked us to');
    expect(stored.nextSyncAt?.getTime()).toBe(w.t.clock().getTime() + 10 * 60_000);
    expect(await w.rows(connection.id)).toEqual(before);
    expect(await w.notices(w.user.user.id, connection.id)).toBe(1);
    // The owner sees the notice even without an alert of their own.
    const list = (await w.user.client.get('/api/v2/notifications/')).json();
    expect(list.results[0].event_payload.connection_failure).toMatchObject({ connection_id: connection.id });

    // The explorer is back: the missed payment is booked and the streak is over.
    w.esplora.clear();
    w.esplora.addTxs(100, [buildTx({ label: 'o-a', outputs: [{ address, value: 1_000_000 }] })]);
    w.esplora.addTxs(101, [buildTx({ label: 'o-b', outputs: [{ address, value: 5_000_000 }] })]);
    expect(await w.sync(connection.id)).toBe('synced');
    stored = await w.connection(connection.id);
    expect(stored).toMatchObject({
      state: 'up_to_date',
      failures: 0,
      errorMessage: null,
      failureNotifiedAt: null,
    });
    expect((await w.rows(connection.id)).length).toBe(2);
  });
});
