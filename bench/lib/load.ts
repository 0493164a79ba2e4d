import autocannon from 'autocannon';
import { processCpuMs } from './processes.ts';

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
