import pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { Row, SqlExecutor, SqlRunner } from './sql-runner.ts';

export function poolOf(database: Database): pg.Pool {
  const client: unknown = (database.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('the job queue needs the server’s pg pool');
  return client;
}

function executorOn(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async executeSql(text, values) {
      // A script of several statements comes back as one result per statement; its answer is
      // the last one's, as with PGlite.
      const result: pg.QueryResult<Row> | pg.QueryResult<Row>[] = await client.query<Row>(text, values);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
  };
}

/**
 * pg-boss over the server's pool (no second pool per process). Parameterised statements go to
 * any pooled connection; a script takes a connection of its own and, when it fails inside its
 * BEGIN, is rolled back before the connection returns to the pool, where an aborted
 * transaction would fail whichever query of the server drew that connection next.
 */
export function createPgRunner(pool: pg.Pool): SqlRunner {
  const direct = executorOn(pool);
  const withClient = async <T>(run: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let broken = false;
    try {
      return await run(client);
    } catch (error) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return {
    executeSql(text, values) {
      if (values !== undefined) return direct.executeSql(text, values);
      return withClient((client) => executorOn(client).executeSql(text));
    },
    transaction(work) {
      return withClient(async (client) => {
        await client.query('begin');
        const result = await work(executorOn(client));
        await client.query('commit');
        return result;
      });
    },
  };
}
