import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundGuard, type HostLookup, type OutboundGuard, refusalOf } from './outbound-guard.ts';

/**
 * The guard against real sockets on 127.0.0.1: two small HTTP servers stand for a webhook receiver
 * and "somewhere private", and a resolver answers invented names as a DNS server could (no name
 * here reaches a real resolver, so nothing leaves the machine).
 */

interface Site {
  server: Server;
  port: number;
  origin: string;
  hits: string[];
}

async function site(answer: (path: string) => { status: number; location?: string }): Promise<Site> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const { status, location } = answer(req.url ?? '');
    res.writeHead(status, location ? { location } : { 'content-type': 'text/plain' });
    res.end(status === 200 ? 'ok' : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, origin: `http://127.0.0.1:${port}`, hits };
}

/** A resolver from a table; each name may answer differently on each ask (a rebinding name). */
function resolver(table: Record<string, string[][]>): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const answers = table[hostname];
    const n = asked.filter((h) => h === hostname).length - 1;
    const answer = answers?.[Math.min(n, answers.length - 1)];
    if (!answer) throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { asked });
}

let inside: Site;
let mirror: Site;
const guards: OutboundGuard[] = [];
const guard = (...args: Parameters<typeof createOutboundGuard>) => {
  const made = createOutboundGuard(...args);
  guards.push(made);
  return made;
};

beforeAll(async () => {
  inside = await site(() => ({ status: 200 }));
  mirror = await site((path) => {
    if (path === '/to-mapped')
      return { status: 302, location: `http://[::ffff:127.0.0.1]:${inside.port}/secret` };
    if (path === '/to-name') return { status: 302, location: `http://intranet.test:${inside.port}/secret` };
    if (path === '/to-self') return { status: 301, location: '/logo.png' };
    if (path === '/loop') return { status: 302, location: '/loop' };
    return { status: 200 };
  });
});

afterAll(async () => {
  await Promise.all(guards.map((g) => g.close()));
  for (const s of [inside, mirror]) await new Promise<void>((resolve) => s.server.close(() => resolve()));
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  const refused = refusalOf(error);
  if (!refused) throw new Error(`expected a refusal, got ${String(error)}`);
  return refused.reason;
}

describe('the outbound guard', () => {
  it('connects to exactly the address it resolved and checked, with one lookup', async () => {
    const lookup = resolver({ 'hooks.test': [['127.0.0.1']] });
    const g = guard({ allowPrivate: true, lookup });
    const res = await g.request(`http://hooks.test:${inside.port}/pinned`, { timeoutMs: 2000 });
    expect(res.status).toBe(200);
    await res.body.dump();
    // The system resolver does not know hooks.test: the socket used the guard's answer.
    expect(inside.hits).toContain('/pinned');
    expect(lookup.asked).toEqual(['hooks.test']);
  });

  it('refuses a name that resolves to a private address, at check and at send', async () => {
    const lookup = resolver({
      'intranet.test': [['10.0.0.5']],
      'mixed.test': [['93.184.216.34', '127.0.0.1']],
    });
    const g = guard({ allowPrivate: false, lookup });
    expect(await g.checkUrl('http://intranet.test/hook')).toBe('private');
    expect(await g.checkUrl('http://mixed.test/hook')).toBe('private');
    expect(await g.checkUrl('http://nowhere.test/hook')).toBe('unresolvable');
    expect(await refusal(g.request(`http://intranet.test:${inside.port}/x`, { timeoutMs: 2000 }))).toBe(
      'private',
    );
    expect(await refusal(g.request(`http://mixed.test:${inside.port}/x`, { timeoutMs: 2000 }))).toBe(
      'private',
    );
  });

  it('refuses a name that answered a public address when checked and a private one when sent (rebinding)', async () => {
    const lookup = resolver({ 'rebind.test': [['93.184.216.34'], ['127.0.0.1']] });
    const g = guard({ allowPrivate: false, lookup });
    expect(await g.checkUrl(`http://rebind.test:${inside.port}/x`)).toBe('ok');
    const before = inside.hits.length;
    expect(await refusal(g.request(`http://rebind.test:${inside.port}/rebound`, { timeoutMs: 2000 }))).toBe(
      'private',
    );
    expect(inside.hits.length).toBe(before);
  });

  it('refuses every spelling of a private literal address and local name without a lookup', async () => {
    const lookup = resolver({});
    const g = guard({ allowPrivate: false, lookup });
    const port = inside.port;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://2130706433:${port}/`,
      `http://017700000001:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://[::127.0.0.1]:${port}/`,
      `http://[64:ff9b::7f00:1]:${port}/`,
      `http://[2002:7f00:1::]:${port}/`,
      `http://localhost:${port}/`,
      `http://localhost.:${port}/`,
      `http://api.localhost:${port}/`,
    ]) {
      expect(await g.checkUrl(url), url).toBe('private');
      expect(await refusal(g.request(url, { timeoutMs: 2000 })), url).toBe('private');
    }
    expect(await refusal(g.request('ftp://example.test/x', { timeoutMs: 2000 }))).toBe('protocol');
    expect(lookup.asked).toEqual([]);
  });

  it('follows redirects by hand, refusing a hop to a private address however it is written', async () => {
    const lookup = resolver({ 'intranet.test': [['127.0.0.1']] });
    // The mirror is the operator's own (trusted at its address); where it points is not.
    const g = guard({ allowPrivate: false, trustedOrigins: [mirror.origin], lookup });
    const before = inside.hits.length;
    for (const path of ['/to-mapped', '/to-name']) {
      expect(
        await refusal(g.request(`${mirror.origin}${path}`, { timeoutMs: 2000, maxRedirects: 3 })),
        path,
      ).toBe('private');
    }
    expect(inside.hits.length).toBe(before);
    const moved = await g.request(`${mirror.origin}/to-self`, { timeoutMs: 2000, maxRedirects: 3 });
    expect([moved.status, moved.url]).toEqual([200, `${mirror.origin}/logo.png`]);
    await moved.body.dump();
    expect(await refusal(g.request(`${mirror.origin}/loop`, { timeoutMs: 2000, maxRedirects: 3 }))).toBe(
      'redirect',
    );
    // Without redirects allowed (webhooks) the redirect is the answer, and nothing follows it.
    const answered = await g.request(`${mirror.origin}/to-mapped`, { timeoutMs: 2000 });
    expect(answered.status).toBe(302);
    await answered.body.dump();
    expect(inside.hits.length).toBe(before);
  });
});
