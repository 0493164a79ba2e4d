import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
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
  },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers ?? {},
    ...(options.discardBodies ? { setupClient: skipBodyStrings } : {}),
  });
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function printTable(title: string, rows: LoadResult[]): void {
  console.log(`\n${title}`);
  console.log('| route | req/s | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} | ${r.errors} |`,
    );
  }
}
