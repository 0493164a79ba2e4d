import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProcess, stopProcess, waitForHttp } from './processes.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** CPU time (user + system, clock ticks) the process has used so far. */
function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits until a fresh server has finished its start-up work (migrations check, the first market
 * refresh, loading stored closes): no CPU used for 300 ms, or 10 s at most. A cold sample is the
 * first request a started, idle process serves, not one that queues behind its boot. Returns the
 * time waited, in ms.
 */
export async function untilIdle(pid: number): Promise<number> {
  const started = performance.now();
  let last = cpuTicks(pid);
  let quietSince = performance.now();
  while (performance.now() - started < 10_000) {
    await new Promise((r) => setTimeout(r, 50));
    const now = cpuTicks(pid);
    if (now !== last) {
      last = now;
      quietSince = performance.now();
    } else if (performance.now() - quietSince >= 300) break;
  }
  return performance.now() - started;
}

/** The built server on demo market data, started on a free port and waited for until idle. */
export async function startIdleServer(
  dataDir: string,
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = startProcess([join(root, 'apps/server/dist/main.js')], {
    PORT: String(port),
    DATA_DIR: dataDir,
    MARKET_DATA: 'snapshot',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/health-check`, 180_000);
    await untilIdle(child.pid ?? 0);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { url, stop: () => stopProcess(child) };
}
