import autocannon from 'autocannon';
import { processCpuMs } from './processes.ts';
import { median } from './stats.ts';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** With `serverPid`: the server's CPU time per answered request, in µs. */
  serverCpuUs?: number;
  /** With `serverPid`: this process's (autocannon's) CPU time per answered request, in µs. */
  loadCpuUs?: number;
}

/**
 * autocannon appends every body chunk to a string (`body += chunk`), which UTF-8-decodes binary
 * bodies on the load generator's CPU: with gzip or brotli responses that was ~40% of its time
 * and capped the run at a quarter of what the server could do. Nothing reads the bodies here.
 */
function skipBodyStrings(client: object): void {
  const queue: unknown = Reflect.get(client, 'pipelinedRequests');
  if (typeof queue === 'object' && queue !== null && 'addBody' in queue)
    Reflect.set(queue, 'addBody', () => {});
}

export async function load(
  label: string,
  url: string,
  options: {
    connections: number;
    durationSeconds: number;
    headers?: Record<string, string>;
    /** Do not build a string of each response body in the load generator (see skipBodyStrings). */
    discardBodies?: boolean;
    /** The server's process id: report its CPU time per request beside autocannon's own. */
    serverPid?: number | undefined;
  },
): Promise<LoadResult> {
  const serverBefore = processCpuMs(options.serverPid);
  const loadBefore = process.cpuUsage();
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers ?? {},
    ...(options.discardBodies ? { setupClient: skipBodyStrings } : {}),
  });
  const out: LoadResult = {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  const serverAfter = processCpuMs(options.serverPid);
  const answered = result.requests.total;
  if (serverBefore !== null && serverAfter !== null && answered > 0) {
    const used = process.cpuUsage(loadBefore);
    out.serverCpuUs = Math.round(((serverAfter - serverBefore) * 1000) / answered);
    out.loadCpuUs = Math.round((used.user + used.system) / answered);
  }
  return out;
}

export function printTable(title: string, rows: LoadResult[]): void {
  console.log(`\n${title}`);
  const cpu = rows.some((r) => r.serverCpuUs !== undefined);
  console.log(
    `| route | req/s | p50 ms | p99 ms | non-2xx | errors |${cpu ? ' server CPU µs/req | autocannon CPU µs/req |' : ''}`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|${cpu ? '---:|---:|' : ''}`);
  for (const r of rows) {
    const cpuCells = cpu ? ` ${r.serverCpuUs ?? '–'} | ${r.loadCpuUs ?? '–'} |` : '';
    console.log(
      `| ${r.label} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} | ${r.errors} |${cpuCells}`,
    );
  }
}

export interface LoadPlan {
  label: string;
  url: string;
  options: Parameters<typeof load>[2];
}

/** One row from a plan's rounds: the median of each figure, the sum of non-2xx and errors. */
function combined(label: string, results: LoadResult[]): LoadResult {
  const row: LoadResult = {
    label,
    requestsPerSecond: Math.round(median(results.map((r) => r.requestsPerSecond))),
    p50Ms: median(results.map((r) => r.p50Ms)),
    p99Ms: median(results.map((r) => r.p99Ms)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
  const server = results.flatMap((r) => (r.serverCpuUs === undefined ? [] : [r.serverCpuUs]));
  const generator = results.flatMap((r) => (r.loadCpuUs === undefined ? [] : [r.loadCpuUs]));
  if (server.length > 0) row.serverCpuUs = Math.round(median(server));
  if (generator.length > 0) row.loadCpuUs = Math.round(median(generator));
  return row;
}

/**
 * Runs the plans in turn, `rounds` times over, each for its `durationSeconds` a round, and gives
 * each plan's rounds and their medians. On a shared host the speed drifts by tens of percent over
 * a minute (seen here: the same bare route at 23k and 38k req/s ten seconds apart), so a route
 * measured in one block against a baseline in another compares two hosts; alternating short runs
 * puts both on the same one, and a ratio taken round by round cancels the drift.
 */
export async function loadInRounds(
  plans: LoadPlan[],
  rounds: number,
): Promise<Array<{ rounds: LoadResult[]; median: LoadResult }>> {
  const byPlan: LoadResult[][] = plans.map(() => []);
  for (let round = 0; round < rounds; round++)
    for (const [index, plan] of plans.entries())
      byPlan[index]?.push(await load(plan.label, plan.url, plan.options));
  return plans.map((plan, index) => {
    const results = byPlan[index] ?? [];
    return { rounds: results, median: combined(plan.label, results) };
  });
}

/** Round-by-round ratios of one plan's req/s to another's: their median and range. */
export function roundRatios(
  of: { rounds: LoadResult[] },
  to: { rounds: LoadResult[] },
): { median: number; min: number; max: number } {
  const ratios = of.rounds.map(
    (r, i) => r.requestsPerSecond / Math.max(1, to.rounds[i]?.requestsPerSecond ?? 0),
  );
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}
