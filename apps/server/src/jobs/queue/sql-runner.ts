export type Row = Record<string, unknown>;

/**
 * The one method pg-boss asks of a database (its `db` option). Its statements come in two
 * kinds: parameterised single statements (values given), and scripts of several statements
 * without values, some wrapped in their own BEGIN ... COMMIT (schema creation, maintenance).
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface SqlRunner extends SqlExecutor {
  /** Runs `work` in one transaction; its statements see and lock the same rows. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

export interface ClosableRunner extends SqlRunner {
  /**
   * Refuses new statements and resolves once those already running have finished, so that
   * after stop() nothing of the queue's touches a database its owner is about to close.
   */
  close(): Promise<void>;
}
