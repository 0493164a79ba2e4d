import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface ReceivedHook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** ms since the epoch when the body had arrived. */
  at: number;
}

/** How the receiver answers a request: a status (with a delay), or never ('hang'). */
export type HookBehaviour = { status: number; delayMs?: number; body?: string } | 'hang';

/**
 * A webhook receiver on 127.0.0.1 speaking plain HTTP: records every request and answers as the
 * test says, per path (`respond`), e.g. 500 twice then 200, a 404, or no answer at all.
 */
export async function startFakeWebhookReceiver(
  respond: (hook: ReceivedHook, nthForPath: number) => HookBehaviour = () => ({ status: 200 }),
): Promise<{ url: string; port: number; hooks: ReceivedHook[]; close(): Promise<void> }> {
  const hooks: ReceivedHook[] = [];
  const perPath = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hook: ReceivedHook = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      hooks.push(hook);
      const n = (perPath.get(hook.path) ?? 0) + 1;
      perPath.set(hook.path, n);
      const behaviour = respond(hook, n);
      if (behaviour === 'hang') return;
      const answer = () => {
        res.writeHead(behaviour.status, { 'content-type': 'application/json' });
        res.end(behaviour.body ?? '{"ok":true}');
      };
      if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    hooks,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
