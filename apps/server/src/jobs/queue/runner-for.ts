import type { Database, PgliteDatabase } from '../../db/client.ts';
import { createPgRunner, poolOf } from './pg-runner.ts';
import { createPgliteRunner } from './pglite-runner.ts';
import type { ClosableRunner, SqlRunner } from './sql-runner.ts';

function isPglite(database: Database): database is PgliteDatabase {
  return database.kind === 'pglite' && 'pglite' in database;
}

/** Statements counted while they run, refused after close (a stray timer would otherwise hit a closed database). */
function guarded(runner: SqlRunner): ClosableRunner {
  const running = new Set<Promise<unknown>>();
  let closed = false;
  const track = <T>(run: () => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new Error('the job queue is stopped'));
    const promise = run();
    running.add(promise);
    const forget = () => running.delete(promise);
    promise.then(forget, forget);
    return promise;
  };
  return {
    executeSql: (text, values) => track(() => runner.executeSql(text, values)),
    transaction: (work) => track(() => runner.transaction(work)),
    async close() {
      closed = true;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/** The queue's way to the database the server opened (PGlite in process, or the pg pool). */
export function runnerFor(database: Database): ClosableRunner {
  if (isPglite(database)) return guarded(createPgliteRunner(database.pglite));
  return guarded(createPgRunner(poolOf(database)));
}
