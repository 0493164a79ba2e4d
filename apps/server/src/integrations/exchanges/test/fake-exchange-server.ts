import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake exchange received, in order of arrival. */
export interface RecordedRequest {
  method: string;
  /** The path without the query, e.g. "/0/private/Ledgers" or "/api/v3/myTrades". */
  path: string;
  /** The request's parameters (query and form body), without its nonce and signature. */
  params: Record<string, string>;
  /** Epoch ms at arrival. */
  timestamp: number;
}

export interface FaultOptions {
  /** Only requests to this path (or whose path ends in "/" + it, e.g. "Ledgers") get the fault. */
  path?: string;
  /** How many matching requests get it (default 1; Infinity for all). */
  times?: number;
  /** How many matching requests are answered normally first. */
  skip?: number;
}

interface PendingFault<F> {
  fault: F;
  path: string | undefined;
  left: number;
  skip: number;
}

/** Faults scripted by a test, handed to matching requests in the order they were set. */
export class FaultQueue<F> {
  private readonly pending: Array<PendingFault<F>> = [];

  set(fault: F, options: FaultOptions = {}): void {
    this.pending.push({ fault, path: options.path, left: options.times ?? 1, skip: options.skip ?? 0 });
  }

  clear(): void {
    this.pending.length = 0;
  }

  take(path: string): F | null {
    for (const [index, entry] of this.pending.entries()) {
      const matches = entry.path === undefined || path === entry.path || path.endsWith(`/${entry.path}`);
      if (!matches) continue;
      if (entry.skip > 0) {
        entry.skip -= 1;
        return null;
      }
      entry.left -= 1;
      if (entry.left <= 0) this.pending.splice(index, 1);
      return entry.fault;
    }
    return null;
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

export function sendText(
  res: ServerResponse,
  status: number,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(body);
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 only: nothing a test starts is reachable from elsewhere. */
export async function listenOnLoopback(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  port = 0,
): Promise<RunningServer> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendText(res, 500, `fake exchange failed: ${String(error)}`, 'text/plain');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A deterministic id in an exchange's style, from a label: the same label gives the same id on every run. */
export function styledId(
  label: string,
  groups: number[],
  alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
): string {
  const digest = createHash('sha256').update(label).digest();
  let at = 0;
  return groups
    .map((size) => {
      let group = '';
      for (let i = 0; i < size; i++) group += alphabet[(digest[at++ % digest.length] ?? 0) % alphabet.length];
      return group;
    })
    .join('-');
}
