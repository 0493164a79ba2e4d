import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * A number that moves whenever a statement that may change rows of the watched tables is sent.
 * A value read from those tables stays current while the number has not moved since just before
 * it was read.
 */
export interface WriteGeneration {
  current(): number;
}

/**
 * Statements that can change existing rows of `tables` (inserts cannot change a row already
 * read). Matched anywhere in the text, so a CTE or a multi-statement exec counts too; a false
 * match only costs a re-read.
 */
function changesRowsOf(tables: readonly string[]): RegExp {
  const names = tables.map((t) => t.replace(/[^a-z_]/g, '')).join('|');
  return new RegExp(
    `\\b(?:update|delete\\s+from|truncate(?:\\s+table)?)\\s+(?:only\\s+)?(?:"?public"?\\.)?"?(?:${names})"?(?![a-z_])`,
    'i',
  );
}

/**
 * Watches every statement sent through this PGlite client (top level, in transactions, and
 * exec). Only valid where the client is the database's one writer: PGlite, whose folder one
 * process owns (db/data-dir-lock). The number moves before the statement runs and again after
 * it ends (committed, failed or rolled back), so a read that overlapped a write never counts as
 * current.
 */
export function watchTableWrites(client: PGlite, tables: readonly string[]): WriteGeneration {
  const pattern = changesRowsOf(tables);
  let generation = 0;
  const around = async <R>(text: unknown, run: () => Promise<R>): Promise<R> => {
    if (typeof text !== 'string' || !pattern.test(text)) return run();
    generation += 1;
    try {
      return await run();
    } finally {
      generation += 1;
    }
  };
  const watch = <T extends Pick<PGlite, 'query' | 'exec'> | Transaction>(target: T): T => {
    const { query, exec } = target;
    target.query = function (this: T, ...args: Parameters<PGlite['query']>) {
      return around(args[0], () => query.apply(this, args));
    } as T['query'];
    target.exec = function (this: T, ...args: Parameters<PGlite['exec']>) {
      return around(args[0], () => exec.apply(this, args));
    };
    return target;
  };
  watch(client);
  const { transaction } = client;
  client.transaction = function <R>(this: PGlite, callback: (tx: Transaction) => Promise<R>) {
    return transaction.call(this, (tx: Transaction) => callback(watch(tx)));
  } as PGlite['transaction'];
  return { current: () => generation };
}
