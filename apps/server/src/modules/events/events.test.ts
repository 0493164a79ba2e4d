import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryEventBus } from '../../events/event-bus.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, type TestClient } from '../../test/test-client.ts';
import { createStreamHub, type StreamSink } from './stream-hub.ts';

const bus = createMemoryEventBus();
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ bus });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Resolves with everything received once `text` has arrived. */
  waitFor(text: string): Promise<string>;
  received(): string;
  close(): void;
}

function openStream(client: TestClient): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/v2/events/stream`,
      { headers: { cookie: client.cookieHeader() } },
      (res) => {
        let data = '';
        const waiters: { text: string; done: (all: string) => void }[] = [];
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          data += chunk;
          for (const w of [...waiters]) {
            if (data.includes(w.text)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.done(data);
            }
          }
        });
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          received: () => data,
          waitFor: (text) =>
            new Promise((done) => {
              if (data.includes(text)) done(data);
              else waiters.push({ text, done });
            }),
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
  });
}

async function signedIn() {
  const c = t.client();
  const { user } = await signUp(c);
  return { c, userId: user.id };
}

describe('GET /api/v2/events/stream', () => {
  it('is for signed-in users only', async () => {
    const res = await t.client().get('/api/v2/events/stream');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.category).toBe('auth');
  });

  it("streams buffers to everyone and a user's notifications to that user only", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const mine = await openStream(me.c);
    const theirs = await openStream(other.c);
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await mine.waitFor(': connected');
    await theirs.waitFor(': connected');

    await bus.publish({ type: 'notification', userId: other.userId, notificationId: 'for-them' });
    await bus.publish({ type: 'notification', userId: me.userId, notificationId: 'for-me' });
    await bus.publish({ type: 'buffers', at: '2026-01-01T00:00:00.000Z' });

    const got = await mine.waitFor('event: buffers');
    expect(got).toContain('event: notification\ndata: {"id":"for-me"}\n\n');
    expect(got).not.toContain('for-them');
    expect(got).toContain('event: buffers\ndata: {"at":"2026-01-01T00:00:00.000Z"}\n\n');
    const theirsGot = await theirs.waitFor('event: buffers');
    expect(theirsGot).toContain('for-them');
    expect(theirsGot).not.toContain('for-me');
    mine.close();
    theirs.close();
  });
});

describe('stream hub', () => {
  function sink() {
    const chunks: string[] = [];
    let ended = false;
    const s: StreamSink & { chunks: string[]; ended: () => boolean } = {
      chunks,
      ended: () => ended,
      write: (chunk) => {
        chunks.push(chunk);
        return true;
      },
      end: () => {
        ended = true;
      },
    };
    return s;
  }

  it('sends heartbeats, ends streams whose session expired, and forgets closed ones', async () => {
    const hubBus = createMemoryEventBus();
    let now = Date.now();
    const hub = createStreamHub({ bus: hubBus, clock: () => new Date(now), heartbeatMs: 20 });
    const live = sink();
    const expiring = sink();
    const closing = sink();
    hub.add('u1', live, new Date(now + 60_000));
    hub.add('u1', expiring, new Date(now + 10));
    const remove = hub.add('u2', closing, new Date(now + 60_000));
    expect(hub.size()).toBe(3);
    remove();
    remove(); // idempotent
    expect(closing.ended()).toBe(true);
    now += 1_000;
    await vi.waitFor(() => {
      expect(live.chunks).toContain(': heartbeat\n\n');
      expect(expiring.ended()).toBe(true);
    });
    expect(hub.size()).toBe(1);
    hub.close();
    expect(live.ended()).toBe(true);
    expect(hub.size()).toBe(0);
  });

  it('survives many streams and a throwing one', async () => {
    const hubBus = createMemoryEventBus();
    const hub = createStreamHub({ bus: hubBus, clock: () => new Date(), heartbeatMs: 60_000 });
    const sinks = Array.from({ length: 5_000 }, () => sink());
    sinks.forEach((s, i) => {
      hub.add(`user-${i % 100}`, s, new Date(Date.now() + 60_000));
    });
    const broken: StreamSink = {
      write: () => {
        throw new Error('socket gone');
      },
      end: () => {},
    };
    hub.add('user-0', broken, new Date(Date.now() + 60_000));
    await hubBus.publish({ type: 'notification', userId: 'user-0', notificationId: 'n1' });
    expect(sinks.filter((s) => s.chunks.length === 1)).toHaveLength(50);
    expect(hub.size()).toBe(5_000);
    await hubBus.publish({ type: 'buffers', at: 'now' });
    expect(sinks.every((s) => s.chunks.at(-1)?.startsWith('event: buffers'))).toBe(true);
    hub.close();
  });
});
