import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Row, SqlExecutor, SqlRunner } from './sql-runner.ts';

function executorOn(target: PGlite | Transaction): SqlExecutor {
  return {
    async executeSql(text, values) {
      // The simple protocol (exec) takes several statements but no parameters; the extended one
      // (query) takes parameters but one statement. pg-boss's scripts never carry values.
      if (values === undefined) {
        const results = await target.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Row[] };
      }
      const result = await target.query<Row>(text, values);
      return { rows: result.rows };
    },
  };
}

/**
 * pg-boss over the server's own PGlite. A script that fails between its BEGIN and COMMIT
 * leaves the session in an aborted transaction, and PGlite has one session for the whole
 * server: every later query of every request would fail ("current transaction is aborted").
 * So scripts run inside PGlite's transaction, which rolls back on error before anything else
 * may use the session; its BEGIN and COMMIT around a script that has its own only add warnings.
 */
export function createPgliteRunner(client: PGlite): SqlRunner {
  const direct = executorOn(client);
  return {
    executeSql(text, values) {
      if (values !== undefined) return direct.executeSql(text, values);
      return client.transaction((tx) => executorOn(tx).executeSql(text));
    },
    transaction(work) {
      return client.transaction((tx) => work(executorOn(tx)));
    },
  };
}
