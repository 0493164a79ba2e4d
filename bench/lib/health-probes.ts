// Health probes as an orchestrator sends them: on a fixed schedule whatever the last one did, each
// with its own time limit, so a server that stops reading shows up as failures, not as fewer probes.

export interface ProbeTally {
  label: string;
  sent: number;
  /** Answered with something other than 200, refused, or not answered within the time limit. */
  failures: number;
  /** Of the failures, those that were still unanswered at the time limit. */
  timeouts: number;
  /** Of the failures, the answers other than 200, by status. */
  statuses: Record<string, number>;
  /**
   * The most failures in a row, in the order the probes were sent: what an orchestrator acts on
   * (Kubernetes restarts a container after 3 failed liveness probes in a row, by default).
   */
  longestFailureRun: number;
  p50Ms: number;
  p99Ms: number;
  worstMs: number;
}

export interface ProbeOptions {
  everyMs: number;
  /** Kubernetes' default probe timeout is one second: a slower answer counts as a failed probe. */
  timeoutMs: number;
}

const percentile = (sorted: number[], p: number): number =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

/** Probes `url` with `method` until stopped; the tally counts every probe sent, answered or not. */
export function startProbe(
  label: string,
  url: string,
  method: 'HEAD' | 'GET',
  options: ProbeOptions,
): { stop(): Promise<ProbeTally> } {
  const waits: number[] = [];
  /** By send order: whether that probe failed (filled in when it settles). */
  const failedAt: boolean[] = [];
  const inFlight = new Set<Promise<void>>();
  let failures = 0;
  let timeouts = 0;
  const statuses: Record<string, number> = {};
  const probe = async (n: number) => {
    const started = performance.now();
    failedAt[n] = false;
    try {
      const res = await fetch(url, { method, signal: AbortSignal.timeout(options.timeoutMs) });
      await res.arrayBuffer();
      if (res.status !== 200) {
        failures += 1;
        failedAt[n] = true;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    } catch (error) {
      failures += 1;
      failedAt[n] = true;
      if (error instanceof DOMException && error.name === 'TimeoutError') timeouts += 1;
    }
    waits.push(performance.now() - started);
  };
  let sent = 0;
  const timer = setInterval(() => {
    const running = probe(sent++);
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  }, options.everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      const sorted = [...waits].sort((a, b) => a - b);
      let run = 0;
      let longestFailureRun = 0;
      for (const failed of failedAt) {
        run = failed ? run + 1 : 0;
        longestFailureRun = Math.max(longestFailureRun, run);
      }
      return {
        label,
        sent: waits.length,
        failures,
        timeouts,
        statuses,
        longestFailureRun,
        p50Ms: percentile(sorted, 0.5),
        p99Ms: percentile(sorted, 0.99),
        worstMs: Math.round(sorted.at(-1) ?? 0),
      };
    },
  };
}

/** Liveness (HEAD /health-check) and readiness (GET /health-check/ready) of one server at once. */
export function startHealthProbes(
  name: string,
  baseUrl: string,
  options: ProbeOptions,
): { stop(): Promise<ProbeTally[]> } {
  const probes = [
    startProbe(`${name}: HEAD /health-check`, `${baseUrl}/health-check`, 'HEAD', options),
    startProbe(`${name}: GET /health-check/ready`, `${baseUrl}/health-check/ready`, 'GET', options),
  ];
  return { stop: () => Promise.all(probes.map((p) => p.stop())) };
}

export function printProbeTable(title: string, rows: ProbeTally[]): void {
  console.log(`\n${title}`);
  console.log(
    '| probe | sent | failures | of which timed out | other than 200 | most in a row | p50 ms | p99 ms | worst ms |',
  );
  console.log('|---|---:|---:|---:|---|---:|---:|---:|---:|');
  for (const r of rows) {
    const other = Object.entries(r.statuses).map(([status, n]) => `${n}× ${status}`);
    console.log(
      `| ${r.label} | ${r.sent} | ${r.failures} | ${r.timeouts} | ${other.join(', ') || '–'} | ${r.longestFailureRun} | ${r.p50Ms} | ${r.p99Ms} | ${r.worstMs} |`,
    );
  }
}
