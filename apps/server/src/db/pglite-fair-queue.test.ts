import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import type { PgliteDatabase } from './client.ts';

/*
 * A backlog of PGlite queries must not starve the event loop: I/O (a new request) waiting on
 * the loop gets its turn between two queued queries, not after the whole backlog.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.dispose();
});

describe('PGlite query queue', () => {
  it('lets the event loop run between queued queries, in and out of transactions', async (context) => {
    if (t.database.kind !== 'pglite') return context.skip();
    const { pglite } = t.database as PgliteDatabase;
    // Once the first query is answered, a callback waiting on the loop runs before the last.
    let done = 0;
    let seenAt = -1;
    const queries = Array.from({ length: 20 }, (_, i) =>
      pglite.query('select 1').then(() => {
        done += 1;
        if (i === 0) setImmediate(() => (seenAt = done));
      }),
    );
    await Promise.all(queries);
    expect(seenAt).toBeGreaterThan(0);
    expect(seenAt).toBeLessThan(20);

    let inside = 0;
    let seenInside = -1;
    await pglite.transaction(async (db) => {
      for (let i = 0; i < 20; i++) {
        await db.query('select 1');
        inside += 1;
        if (i === 0) setImmediate(() => (seenInside = inside));
      }
    });
    expect(seenInside).toBeGreaterThan(0);
    expect(seenInside).toBeLessThan(20);
  });
});
