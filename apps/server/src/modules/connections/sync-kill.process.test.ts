import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTx } from '../../integrations/esplora/test/esplora-tx-builder.ts';
import { type FakeEsplora, startFakeEsplora } from '../../integrations/esplora/test/fake-esplora.ts';
import { bundleForChild, type ChildBundle } from '../../test/child-bundle.ts';
import {
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
  waitFor,
} from '../../test/process-helpers.ts';

// The real server process, killed with SIGKILL in the middle of a wallet's first sync, then
// started again on the same PGlite folder: the sync runs again at once and books each payment once.
const mainTs = fileURLToPath(new URL('../../main.ts', import.meta.url));
let main: ChildBundle | undefined;
let esplora: FakeEsplora;
let dataDir: string;
// BIP 84's first receive address of its published test key: a real checksum, as the server checks.
const address = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const payments = 60;
/** Every server started, so a failing test still stops them (an orphan would spin on its closed pipes). */
const started: ChildProcess[] = [];

async function start(): Promise<ServerProcess> {
  const server = await startServerProcess(main?.path ?? '', {
    DATA_DIR: dataDir,
    ESPLORA_BASE_URL: esplora.baseUrl,
    ESPLORA_REQUESTS_PER_SECOND: '1000',
  });
  started.push(server.child);
  return server;
}

const signUp = (base: string) =>
  signUpOverHttp(base, { email: 'kill@example.test', username: 'Kill', password: 'kill test 42 password' });

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a wallet sync across kill -9', () => {
  beforeAll(async () => {
    main = await bundleForChild(mainTs);
    esplora = await startFakeEsplora();
    dataDir = await mkdtemp(join(tmpdir(), 'el-sync-kill-'));
    for (let n = 0; n < payments; n++)
      esplora.addTxs(300 + n, [buildTx({ label: `kill-${n}`, outputs: [{ address, value: 10_000 + n }] })]);
  });
  afterAll(async () => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await main?.remove();
    await esplora?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs the sync again as soon as the server is back, and books every payment once', async () => {
    const first = await start();
    const user = await signUp(first.base);
    const headers = { 'content-type': 'application/json', 'x-csrftoken': user.csrf, cookie: user.cookie };
    const portfolio = (await (
      await fetch(`${first.base}/api/v2/portfolios/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Wallet' }),
      })
    ).json()) as { id: string };

    // The explorer holds the second page of history: the first sync is caught mid-read.
    esplora.fail({ type: 'hang' }, 1, '/address/:address/txs/chain/:last_seen_txid');
    const created = await fetch(`${first.base}/api/v2/connections/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ kind: 'bitcoin', portfolio_id: portfolio.id, label: 'Wallet', address }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const connection = async (base: string) =>
      (await (await fetch(`${base}/api/v2/connections/${id}/`, { headers })).json()) as { state: string };
    await waitFor('the first sync to be under way', async () =>
      (await connection(first.base)).state === 'syncing' ? true : undefined,
    );
    await waitFor('the hung page to be asked for', () =>
      esplora.count('/address/:address/txs/chain/:last_seen_txid') > 0 ? true : undefined,
    );
    first.child.kill('SIGKILL');
    await first.exited;

    const again = await start();
    try {
      const done = await waitFor(
        'the sync to finish after the restart',
        async () => {
          const c = await connection(again.base);
          return c.state === 'up_to_date' ? c : undefined;
        },
        60_000,
      );
      expect(done.state).toBe('up_to_date');
      const rows = (await (
        await fetch(`${again.base}/api/v2/connections/${id}/transactions/?page_size=500`, { headers })
      ).json()) as { count: number; results: { source?: { source_id: string } }[] };
      expect(rows.count).toBe(payments);
      expect(new Set(rows.results.map((r) => r.source?.source_id)).size).toBe(payments);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 180_000);
});
