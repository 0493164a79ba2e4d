import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProcess, stopProcess, waitForHttp } from './processes.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface BenchServers {
  appUrl: string;
  /** The bare Fastify JSON route every benchmark compares against. */
  bareUrl: string;
  /** Process ids of the app and the bare baseline (for reading their CPU time). */
  appPid: number | undefined;
  barePid: number | undefined;
  stop(): Promise<void>;
}

/**
 * The built app (fresh data folder, offline snapshot) and the bare baseline, each as its own
 * process, so autocannon in this process competes with neither.
 */
export async function startAppAndBaseline(
  tag: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<BenchServers> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${tag}-`));
  // BENCH_PORT pins the app (and the bare route on the next port) where several benches share a host.
  const pinned = Number(process.env.BENCH_PORT ?? 0);
  const appPort = pinned > 0 ? pinned : await freePort();
  const barePort = pinned > 0 ? pinned + 1 : await freePort();
  const app = startProcess([...nodeArgs, join(root, 'apps/server/dist/main.js')], {
    PORT: String(appPort),
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    MARKET_DATA: 'snapshot',
    ...env,
  });
  const bare = startProcess([join(root, 'bench/lib/bare-server.mjs')], { PORT: String(barePort) });
  const servers: BenchServers = {
    appUrl: `http://127.0.0.1:${appPort}`,
    bareUrl: `http://127.0.0.1:${barePort}/bare`,
    appPid: app.pid,
    barePid: bare.pid,
    async stop() {
      await stopProcess(app);
      await stopProcess(bare);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitForHttp(`${servers.appUrl}/health-check`, 120_000);
    await waitForHttp(servers.bareUrl);
  } catch (error) {
    await servers.stop();
    throw error;
  }
  return servers;
}
