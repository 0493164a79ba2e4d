// Other users' requests while one user's large wallet syncs: the built app (PGlite, or
// BENCH_DATABASE_URL) syncs a zpub with BENCH_SYNC_TXS payments over BENCH_SYNC_ADDRESSES receive
// addresses from a fake Esplora process on 127.0.0.1 at ESPLORA_REQUESTS_PER_SECOND=10, while
// another user's dashboard is loaded with autocannon; the same load runs first with nothing
// syncing, so both p99s come from one run on one machine. `npm run build` first; then
//   node --import tsx bench/wallet-neighbours.bench.ts
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, printTable } from './lib/load.ts';
import { newUser } from './lib/load-users.ts';
import { freePort, startProcess, stopProcess, waitForHttp } from './lib/processes.ts';
import { startAppAndBaseline } from './lib/servers.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const txs = Number(process.env.BENCH_SYNC_TXS ?? 5000);
const addresses = Number(process.env.BENCH_SYNC_ADDRESSES ?? 300);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const windowSeconds = Number(process.env.BENCH_WINDOW_SECONDS ?? 10);

async function connectionState(base: string, cookie: string, id: string): Promise<string> {
  const res = await fetch(`${base}/api/v2/connections/${id}/`, { headers: { cookie } });
  const body = (await res.json()) as { state: string; progress: { transactions_found: number } };
  return `${body.state} (${body.progress.transactions_found} transactions found)`;
}

export async function benchWalletNeighbours(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wallet-'));
  const walletFile = join(dir, 'wallet.json');
  const payments = Array.from({ length: txs }, (_, t) => ({
    label: `neighbour-${t}`,
    index: t % addresses,
    sats: 10_000 + t,
    height: 155_000 + Math.floor(t / 10),
  }));
  writeFileSync(walletFile, JSON.stringify({ zpub, payments }));
  const esploraPort = await freePort();
  const esplora = startProcess(
    [
      '--import',
      'tsx',
      join(root, 'apps/server/src/test/fake-esplora-process.ts'),
      String(esploraPort),
      walletFile,
    ],
    {},
  );
  const esploraUrl = `http://127.0.0.1:${esploraPort}/api`;
  await waitForHttp(`${esploraUrl}/blocks/tip/height`);
  const servers = await startAppAndBaseline('wallet-neighbours', {
    ESPLORA_BASE_URL: esploraUrl,
    ESPLORA_REQUESTS_PER_SECOND: '10',
    ETHERSCAN_BASE_URL: 'http://127.0.0.1:9/v2/api',
    COIN_IMAGE_ORIGIN: 'http://127.0.0.1:9',
    LOG_LEVEL: 'warn',
  });
  try {
    const base = servers.appUrl;
    const neighbour = await newUser(base, 0);
    const owner = await newUser(base, 1);
    const url = `${base}/api/v2/dashboard/?portfolio_id=all`;
    const options = { connections, durationSeconds: seconds, headers: { cookie: neighbour.cookie } };
    const idle = await load('dashboard, nothing syncing', url, { ...options, serverPid: servers.appPid });

    const started = performance.now();
    const res = await fetch(`${base}/api/v2/connections/`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'x-csrftoken': owner.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'bitcoin',
        portfolio_id: owner.portfolioId,
        label: 'Big wallet',
        xpub: zpub,
      }),
    });
    if (res.status !== 201) throw new Error(`connect: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    // Windows of the same load until the sync has ended, so the one that holds its booking (every
    // row in one transaction at the end) is measured too.
    const windows = [idle];
    for (let w = 1; ; w++) {
      const state = await connectionState(base, owner.cookie, id);
      if (!state.startsWith('syncing') && !state.startsWith('pending')) {
        console.log(`  sync ended ${state} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
        break;
      }
      windows.push(
        await load(`window ${w}, sync ${state}`, url, {
          ...options,
          durationSeconds: windowSeconds,
          serverPid: servers.appPid,
        }),
      );
    }
    printTable(
      `other users during a ${txs}-transaction wallet sync (${connections} connections; ${seconds} s idle, then ${windowSeconds} s windows)`,
      windows,
    );
  } finally {
    await servers.stop();
    await stopProcess(esplora);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWalletNeighbours();
