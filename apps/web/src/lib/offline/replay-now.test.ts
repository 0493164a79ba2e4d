import 'fake-indexeddb/auto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { QueryObserver } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { marketStatusQuery } from '@/lib/market/market-status';
import { createQueryClient } from '@/lib/query-client';
import { signedInSession } from '@/test/fake-fetch';
import { closeOfflineDb } from './offline-db';
import { replayNow } from './replay-now';
import { listWrites, queueWrite } from './write-queue';

const status = (n: number) => ({
  source: 'coingecko' as const,
  mode: 'live' as const,
  as_of: `2026-01-01T00:00:0${n}.000Z`,
  stale: false,
  age_seconds: 0,
});

/**
 * The API on 127.0.0.1. The first read of the market status never answers (a fetch resumed when
 * the network came back, still on its way); the server notes how many reads are open when each
 * write arrives, and the order of what it saw.
 */
class FakeApi {
  readonly seen: string[] = [];
  openReads = 0;
  openReadsAtWrite: number[] = [];
  private statusReads = 0;
  private server: Server = createServer((req, res) => this.answer(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    return `http://127.0.0.1:${port}/`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const key = `${req.method} ${req.url}`;
    const json = (body: unknown, code = 200) => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (key === 'GET /api/v2/market/status/') {
      this.statusReads += 1;
      this.openReads += 1;
      res.on('close', () => {
        this.openReads -= 1;
        if (!res.writableFinished) this.seen.push('status read abandoned');
      });
      this.seen.push(`status read ${this.statusReads}`);
      if (this.statusReads > 1) json(status(this.statusReads));
      return;
    }
    this.seen.push(key);
    if (key === 'GET /api/auth/session-status') json(signedInSession);
    else if (key === 'GET /api/auth/csrf/') json({ csrfToken: 't' });
    else if (key === 'POST /api/v2/transactions/') {
      this.openReadsAtWrite.push(this.openReads);
      json({ id: 't1' }, 201);
    } else res.writeHead(404).end();
  }
}

let api: FakeApi;

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  api = new FakeApi();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(await api.start());
});

afterEach(async () => {
  vi.restoreAllMocks();
  await api.stop();
});

it('cancels reads still on their way before sending kept writes, then fetches each once', async () => {
  await queueWrite({
    owner: 'u1',
    method: 'POST',
    path: '/v2/transactions/',
    body: { portfolio_id: 'p1', coin_id: 'bitcoin', type: 'buy', quantity: '1', price_per_coin: '100' },
  });
  const client = createQueryClient();
  // The saved copy shows, and the page watches it; its refetch went out when the network returned.
  client.setQueryData(marketStatusQuery().queryKey, status(0));
  const stop = new QueryObserver(client, marketStatusQuery()).subscribe(() => {});
  void client.refetchQueries({ queryKey: marketStatusQuery().queryKey });
  await vi.waitFor(() => expect(api.seen).toContain('status read 1'));

  const report = await replayNow('u1', client);

  expect(report).toMatchObject({ sent: 1, rejected: 0 });
  expect(await listWrites('u1')).toEqual([]);
  // The write did not wait behind the read that predates it, and the page fetched once, after it.
  expect(api.openReadsAtWrite).toEqual([0]);
  expect(api.seen.filter((s) => s.startsWith('status read')).slice(0, 2)).toEqual([
    'status read 1',
    'status read abandoned',
  ]);
  expect(api.seen.indexOf('status read 2')).toBeGreaterThan(api.seen.indexOf('POST /api/v2/transactions/'));
  expect(api.seen.filter((s) => s === 'status read 3')).toEqual([]);
  expect(client.getQueryData(marketStatusQuery().queryKey)).toEqual(status(2));
  stop();
});
