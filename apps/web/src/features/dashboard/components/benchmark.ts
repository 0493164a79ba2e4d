/** The coin returns are compared with: bitcoin by default, any coin on request. */
export interface Benchmark {
  id: string;
  name: string;
}

/**
 * Apart from the picker so the Metrics page can hold the shared choice without loading the
 * picker (its search and coin lookup) before the sections that draw it.
 */
export const defaultBenchmark: Benchmark = { id: 'bitcoin', name: 'Bitcoin' };
