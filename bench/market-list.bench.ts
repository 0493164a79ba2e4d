// GET /api/v2/cryptocurrencies/?per_page=50&sparkline=true beside a bare Fastify route, same run,
// 100 connections. The list is served from memory (the refresher fills it), so the figure is
// routing + validation + serialisation of 50 coins with 7-day sparklines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, printTable } from './lib/load.ts';
import { freePort, startProcess, stopProcess, waitForHttp } from './lib/processes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_MARKET_CONNECTIONS ?? 100);

export async function benchMarketList(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-market-'));
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
    const listUrl = `${appUrl}/api/v2/cryptocurrencies/?per_page=50&sparkline=true`;
    const bareUrl = `http://127.0.0.1:${barePort}/bare`;
    await waitForHttp(`${appUrl}/health-check`);
    await waitForHttp(bareUrl);
    await waitForHttp(listUrl);
    const opts = { connections, durationSeconds };
    await load('warm-up', bareUrl, { connections, durationSeconds: 2 });
    await load('warm-up', listUrl, { connections, durationSeconds: 2 });
    const bareResult = await load('bare Fastify GET /bare', bareUrl, opts);
    const listResult = await load('GET /api/v2/cryptocurrencies/?per_page=50&sparkline=true', listUrl, opts);
    printTable(
      `market list vs bare route — ${connections} connections, ${durationSeconds} s each, snapshot data`,
      [bareResult, listResult],
    );
    console.log(
      `ratio: the market list serves ${((listResult.requestsPerSecond / bareResult.requestsPerSecond) * 100).toFixed(1)}% of the bare route's throughput (aim: at least 50%)`,
    );
  } finally {
    await stopProcess(app);
    await stopProcess(bare);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
