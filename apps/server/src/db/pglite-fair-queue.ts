import type { PGlite, Transaction } from '@electric-sql/pglite';

/** Resolves on a later turn of the event loop, after pending I/O has been polled. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Inside a transaction the queries come one after another already: a turn before each. */
function yieldBeforeQueries(tx: Transaction): Transaction {
  const { query, exec } = tx;
  tx.query = async function (this: Transaction, ...args: Parameters<Transaction['query']>) {
    await nextTurn();
    return query.apply(this, args);
  } as Transaction['query'];
  tx.exec = async function (this: Transaction, ...args: Parameters<Transaction['exec']>) {
    await nextTurn();
    return exec.apply(this, args);
  };
  return tx;
}

/**
 * PGlite runs each query synchronously on the main thread, and its queue hands the lock to the
 * next waiting query in a promise callback, so a backlog of queries ran back to back without the
 * event loop ever polling sockets: under many concurrent clients the server read nothing new for
 * long stretches, and a second client's quick requests waited behind the whole backlog (a CPU
 * profile of bench/load.bench.ts showed it; the figures are in bench/README.md). Here the top-level queries and transactions (which PGlite runs one at a time anyway)
 * queue in order, and each starts on a fresh turn of the event loop, as does each query inside a
 * transaction: an unbroken stretch is one query, and new requests are read in between.
 */
export function yieldBetweenQueries(client: PGlite): void {
  const { query, exec, transaction } = client;
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <R>(run: () => Promise<R>): Promise<R> => {
    const result = tail.then(nextTurn).then(run);
    tail = result.catch(() => undefined);
    return result;
  };
  client.query = function (this: PGlite, ...args: Parameters<PGlite['query']>) {
    return inTurn(() => query.apply(this, args));
  } as PGlite['query'];
  client.exec = function (this: PGlite, ...args: Parameters<PGlite['exec']>) {
    return inTurn(() => exec.apply(this, args));
  };
  client.transaction = function <R>(this: PGlite, callback: (tx: Transaction) => Promise<R>) {
    return inTurn(() => transaction.call(this, (tx: Transaction) => callback(yieldBeforeQueries(tx))));
  } as PGlite['transaction'];
}
