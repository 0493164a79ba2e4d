// GET /api/auth/session-status (signed in) beside a bare Fastify JSON route, same run, same load.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, printTable } from './lib/load.ts';
import { freePort, startProcess, stopProcess, waitForHttp } from './lib/processes.ts';
import { signedInCookie } from './lib/session.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

export async function benchSessionStatus(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const appPort = await freePort();
  const barePort = await freePort();
  const app = startProcess([join(root, 'apps/server/dist/main.js')], {
    PORT: String(appPort),
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    MARKET_DATA: 'snapshot',
    LOG_LEVEL: 'warn',
  });
  const bare = startProcess([join(root, 'bench/lib/bare-server.mjs')], { PORT: String(barePort) });
  try {
    const appUrl = `http://127.0.0.1:${appPort}`;
    await waitForHttp(`${appUrl}/health-check`);
    await waitForHttp(`http://127.0.0.1:${barePort}/bare`);
    const cookie = await signedInCookie(appUrl);
    const opts = { connections, durationSeconds };
    // Warm both up so JIT and caches are comparable.
    await load('warm-up', `http://127.0.0.1:${barePort}/bare`, { connections, durationSeconds: 2 });
    await load('warm-up', `${appUrl}/api/auth/session-status`, {
      ...opts,
      durationSeconds: 2,
      headers: { cookie },
    });
    const bareResult = await load('bare Fastify GET /bare', `http://127.0.0.1:${barePort}/bare`, opts);
    const appResult = await load(
      'GET /api/auth/session-status (signed in)',
      `${appUrl}/api/auth/session-status`,
      {
        ...opts,
        headers: { cookie },
      },
    );
    printTable(
      `session-status vs bare route — ${connections} connections, ${durationSeconds} s each, database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
      [bareResult, appResult],
    );
    console.log(
      `ratio: session-status serves ${((appResult.requestsPerSecond / bareResult.requestsPerSecond) * 100).toFixed(1)}% of the bare route's throughput`,
    );
  } finally {
    await stopProcess(app);
    await stopProcess(bare);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
