import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKraken, startFakeKraken } from '../../integrations/exchanges/test/fake-kraken.ts';
import { buildKrakenAccount } from '../../integrations/exchanges/test/kraken-account.ts';
import { bundleForChild, type ChildBundle } from '../../test/child-bundle.ts';
import {
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
  waitFor,
} from '../../test/process-helpers.ts';

// The real server process, killed with SIGKILL while an exchange account's first sync waits on
// its second page of trades, then started again on the same PGlite folder: the sync resumes from
// its cursor and books every trade once.
const mainTs = fileURLToPath(new URL('../../main.ts', import.meta.url));
let main: ChildBundle | undefined;
let kraken: FakeKraken;
let dataDir: string;
const fills = 120;
const started: ChildProcess[] = [];

async function start(): Promise<ServerProcess> {
  const server = await startServerProcess(main?.path ?? '', {
    DATA_DIR: dataDir,
    EXCHANGE_API_URLS: JSON.stringify({ kraken: kraken.url }),
    EXCHANGE_REQUESTS_PER_SECOND: '100',
  });
  started.push(server.child);
  return server;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('an exchange sync across kill -9', () => {
  beforeAll(async () => {
    main = await bundleForChild(mainTs);
    const start = Date.now() - 100 * 86_400_000;
    kraken = await startFakeKraken({
      account: buildKrakenAccount({
        deposits: [
          {
            asset: 'ZUSD',
            amount: '10000',
            time: start,
            txid: 'WIRE-1',
            address: 'US',
            method: 'Bank Frick (ACH)',
          },
        ],
        trades: Array.from({ length: fills }, (_, i) => ({
          pair: 'XXBTZUSD',
          side: 'buy' as const,
          vol: '0.001',
          price: String(30_000 + i),
          fee: '0.08',
          time: start + (i + 1) * 3_600_000,
        })),
      }),
    });
    dataDir = await mkdtemp(join(tmpdir(), 'el-exchange-kill-'));
  });
  afterAll(async () => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await main?.remove();
    await kraken?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('resumes from its cursor once the server is back, and books every trade once', async () => {
    const first = await start();
    const user = await signUpOverHttp(first.base, {
      email: 'exchange-kill@example.test',
      username: 'ExchangeKill',
      password: 'exchange kill 42 password',
    });
    const headers = { 'content-type': 'application/json', 'x-csrftoken': user.csrf, cookie: user.cookie };
    const portfolio = (await (
      await fetch(`${first.base}/api/v2/portfolios/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Kraken' }),
      })
    ).json()) as { id: string };

    // Kraken pages trades 50 at a time: the first page is read and staged, the second never answers.
    kraken.setFault({ type: 'hang' }, { path: 'TradesHistory', skip: 1 });
    const created = await fetch(`${first.base}/api/v2/connections/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        kind: 'exchange',
        exchange: 'kraken',
        portfolio_id: portfolio.id,
        label: 'Kraken',
        api_key: kraken.key.apiKey,
        api_secret: kraken.key.secret,
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const tradePages = () => kraken.requests.filter((r) => r.path.endsWith('/TradesHistory')).length;
    await waitFor('the hung second page of trades to be asked for', () =>
      tradePages() >= 2 ? true : undefined,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const asked = tradePages();

    const again = await start();
    try {
      const connection = async () =>
        (await (await fetch(`${again.base}/api/v2/connections/${id}/`, { headers })).json()) as {
          state: string;
        };
      const done = await waitFor(
        'the sync to finish after the restart',
        async () => {
          const c = await connection();
          return c.state === 'up_to_date' ? c : undefined;
        },
        60_000,
      );
      expect(done.state).toBe('up_to_date');
      // It went on from the page it had not read, not from the first one.
      const resumed = kraken.requests
        .filter((r) => r.path.endsWith('/TradesHistory'))
        .slice(asked)
        .map((r) => Number(r.params.ofs ?? 0));
      expect(resumed[0]).toBeGreaterThan(0);
      const rows = (await (
        await fetch(`${again.base}/api/v2/connections/${id}/transactions/?page_size=500`, { headers })
      ).json()) as { count: number; results: { source?: { source_id: string } }[] };
      expect(rows.count).toBe(fills);
      expect(new Set(rows.results.map((r) => r.source?.source_id)).size).toBe(fills);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 180_000);
});
