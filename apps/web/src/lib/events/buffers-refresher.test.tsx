import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { defaultUserSettings } from '@app/contracts';
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { marketStatusQuery } from '@/lib/market/market-status';
import { createQueryClient } from '@/lib/query-client';
import { userSettingsQuery } from '@/lib/settings/settings-api';
import { render, screen } from '@/test/testing-library';
import { useEventStream } from './use-event-stream';

/**
 * The API on 127.0.0.1, answering the market status and the user's settings. Market answers can be held, to have a refetch in flight when the next event comes; each
 * answer says which request it was, and a request the client gave up on is counted as aborted.
 */
class FakeApi {
  readonly hits = { status: 0, settings: 0 };
  aborted = 0;
  hold = false;
  /** A market read nobody watches (a fetchQuery), answered only when the test says so. */
  slowHits = 0;
  private held: Array<() => void> = [];
  private slow: Array<() => void> = [];
  private server: Server = createServer((req, res) => this.answer(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    return `http://127.0.0.1:${port}/`;
  }

  /** Answers what is held, and from now on answers at once. */
  release(): void {
    this.hold = false;
    for (const send of this.held.splice(0)) send();
  }

  releaseSlow(): void {
    for (const send of this.slow.splice(0)) send();
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    res.on('close', () => {
      if (!res.writableFinished) this.aborted += 1;
    });
    const json = (body: unknown) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/v2/settings/') {
      this.hits.settings += 1;
      json(defaultUserSettings);
      return;
    }
    if (req.url === '/api/v2/market/slow/') {
      this.slowHits += 1;
      this.slow.push(() => json({ names: [] }));
      return;
    }
    if (req.url === '/api/v2/market/status/') {
      this.hits.status += 1;
      const n = this.hits.status;
      const send = () =>
        json({
          source: 'coingecko',
          mode: 'live',
          as_of: `2026-01-01T00:00:0${n}.000Z`,
          stale: false,
          age_seconds: 0,
        });
      if (this.hold) this.held.push(send);
      else send();
      return;
    }
    res.writeHead(404).end();
  }
}

/** The browser's EventSource, which happy-dom lacks: the test sends the server's events itself. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close(): void {}
}

function emitBuffers(): void {
  FakeEventSource.last?.dispatchEvent(new MessageEvent('buffers', { data: '{"at":"2026-01-01T00:00:00Z"}' }));
}

function LiveMarket() {
  useEventStream(true);
  const status = useQuery(marketStatusQuery());
  const settings = useQuery(userSettingsQuery());
  return (
    <p>
      {status.data ? `market as of ${status.data.as_of}` : 'market loading'}
      {settings.data ? ` · settings in ${settings.data.base_currency}` : ''}
    </p>
  );
}

let api: FakeApi;
let client: QueryClient;

beforeEach(async () => {
  api = new FakeApi();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(await api.start());
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.last = null;
  client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <LiveMarket />
    </QueryClientProvider>,
  );
  // The first two answers over HTTP: a second or more at CI load.
  await screen.findByText(/market as of 2026-01-01T00:00:01\.000Z · settings in usd/, {}, { timeout: 5_000 });
  // The stream opens once start-up has settled (lib/startup-settled), a few frames after those answers.
  await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  client.clear();
  await api.stop();
});

/** Every fetch the client started has been answered: the server has seen all of them. */
const settled = () => vi.waitFor(() => expect(client.isFetching()).toBe(0));

describe('a market refresh (buffers event)', () => {
  it('refetches every query on screen once per burst and keeps a fetch in flight', async () => {
    api.hold = true;
    emitBuffers();
    await vi.waitFor(() => expect(api.hits.status).toBe(2));
    // More refreshes while that answer is on its way: it is not cancelled, and the two events
    // make one more fetch after it (its answer may predate them), not two.
    emitBuffers();
    emitBuffers();
    api.release();
    await screen.findByText(/market as of 2026-01-01T00:00:03\.000Z/);
    await settled();
    expect(api.hits).toEqual({ status: 3, settings: 3 });
    expect(api.aborted).toBe(0);

    // The burst is over: the next refresh is fetched once.
    emitBuffers();
    await screen.findByText(/market as of 2026-01-01T00:00:04\.000Z/);
    await settled();
    expect(api.hits).toEqual({ status: 4, settings: 4 });
  });

  it('does not restart a market fetch that was already in flight when the event came, and asks again after it', async () => {
    api.hold = true;
    const manual = client.refetchQueries({ queryKey: ['market', 'status'] });
    await vi.waitFor(() => expect(api.hits.status).toBe(2));
    emitBuffers();
    api.release();
    await manual;
    // That answer was asked for before the refresh: the event's own fetch follows it.
    await screen.findByText(/market as of 2026-01-01T00:00:03\.000Z/);
    await settled();
    expect(api.hits).toEqual({ status: 3, settings: 3 });
    expect(api.aborted).toBe(0);
  });

  it('does not repeat its round while a market read that nobody watches is still on its way', async () => {
    const unwatched = client.fetchQuery({
      queryKey: ['market', 'names', 'usd'],
      queryFn: async () => (await fetch('/api/v2/market/slow/')).json(),
    });
    await vi.waitFor(() => expect(api.slowHits).toBe(1));
    emitBuffers();
    await screen.findByText(/market as of 2026-01-01T00:00:02\.000Z/);
    await vi.waitFor(() => expect(client.isFetching({ queryKey: ['market', 'status'] })).toBe(0));
    expect(api.hits).toEqual({ status: 2, settings: 2 });
    api.releaseSlow();
    await unwatched;
    await settled();
    expect(api.hits).toEqual({ status: 2, settings: 2 });
  });
});
