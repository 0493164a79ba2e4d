import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { isLocalName, isPrivateAddress, normaliseHost } from './private-address.ts';

/**
 * One guard for every request this server sends to an address it was given rather than chose
 * (a webhook a user typed, the host in a coin logo's URL), against server-side request forgery:
 *
 * - A host that is, or resolves to, a private or loopback address (in any IPv6 form that carries
 *   one) is refused, unless the policy allows private targets (WEBHOOK_ALLOW_PRIVATE: a LAN
 *   Gotify; the tests' fakes on 127.0.0.1).
 * - The name is resolved inside the connection's own lookup, and the addresses checked are the
 *   ones handed to the socket: there is no second lookup between the check and the connection,
 *   so a name that answers a public address to a check and a private one to the connection (DNS
 *   rebinding) never reaches the private one.
 * - Redirects are followed by hand, each hop checked like the first, or not at all.
 *
 * An origin the operator configured (a coin-logo mirror) is trusted as it is: configuration, not
 * user input. A redirect away from it is checked like any other hop.
 */

export type HostLookup = (hostname: string) => Promise<LookupAddress[]>;

/** The system's resolver (hosts file, then DNS), every address of the name. */
export const systemLookup: HostLookup = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

export interface OutboundPolicy {
  allowPrivate: boolean;
  /** Origins (`scheme://host:port`) the operator configured: sent to without the address check. */
  trustedOrigins?: readonly string[];
  /** Resolves host names (tests answer them the way a test's DNS would). */
  lookup?: HostLookup;
}

export type RefusalReason = 'private' | 'protocol' | 'redirect' | 'invalid';

/** A request the guard did not send. The message names the address or the rule, never a secret path. */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

/** No answer within the request's time limit (every hop counted). */
export class OutboundTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs / 1000} s`);
    this.name = 'OutboundTimeoutError';
  }
}

const privateRefusal = (address: string) =>
  new OutboundRefusedError('private', `refused: ${address} is a private or loopback address`);

/** Whether an error (or what it wraps) is the guard's refusal, as the HTTP client may wrap it. */
export function refusalOf(error: unknown): OutboundRefusedError | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof OutboundRefusedError) return e;
  }
  return null;
}

export type UrlCheck = 'ok' | 'private' | 'unresolvable';

export interface OutboundRequest {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** For the whole exchange, every hop included. */
  timeoutMs: number;
  /** Redirects followed, each hop checked like the first (a GET afterwards); 0: a redirect is answered as it came. */
  maxRedirects?: number;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Must be read or dumped. */
  body: Dispatcher.ResponseData['body'];
  /** The URL that answered, after redirects. */
  url: string;
  signal: AbortSignal;
}

export interface OutboundGuard {
  /** Checks a URL when it is saved: a literal address directly, a name by resolving it now. */
  checkUrl(url: string): Promise<UrlCheck>;
  /** Sends through the guard; throws OutboundRefusedError for what it refuses. */
  request(url: string, init: OutboundRequest): Promise<OutboundResponse>;
  close(): Promise<void>;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The socket's lookup: resolves once, refuses the host if any address is private (a name that
 * answers both is not trusted with either), and gives the socket exactly the addresses checked.
 */
function checkedLookup(policy: OutboundPolicy, resolve: HostLookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (answered) => {
        const asked = options.family;
        const family = asked === 4 || asked === 'IPv4' ? 4 : asked === 6 || asked === 'IPv6' ? 6 : 0;
        const list = family === 0 ? answered : answered.filter((a) => a.family === family);
        const refused = policy.allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
        if (refused) return callback(privateRefusal(refused.address), '');
        const first = list[0];
        if (!first) {
          return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
        }
        if (options.all) return callback(null, list);
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/** What can be said of a URL before connecting: refused by its scheme or literal host, or fine so far. */
function precheck(url: URL, policy: OutboundPolicy, trusted: boolean): OutboundRefusedError | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return new OutboundRefusedError('protocol', 'only http and https URLs are sent to');
  }
  if (trusted || policy.allowPrivate) return null;
  const host = normaliseHost(url.hostname);
  // A literal address never reaches the socket's lookup: it is checked here.
  if (isIP(host) !== 0) return isPrivateAddress(host) ? privateRefusal(host) : null;
  return isLocalName(host) ? privateRefusal(host) : null;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

export function createOutboundGuard(policy: OutboundPolicy): OutboundGuard {
  const resolve = policy.lookup ?? systemLookup;
  const trusted = new Set((policy.trustedOrigins ?? []).map((origin) => new URL(origin).origin));
  // Keep-alive agents: a burst of alerts to one receiver reuses its connections.
  const guarded = new Agent({ connections: 64, connect: { lookup: checkedLookup(policy, resolve) } });
  const plain = new Agent({ connections: 64 });

  async function send(
    url: URL,
    init: OutboundRequest,
    signal: AbortSignal,
  ): Promise<Dispatcher.ResponseData> {
    const dispatcher = trusted.has(url.origin) ? plain : guarded;
    return dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: init.method ?? 'GET',
      headers: init.headers ?? {},
      body: init.body ?? null,
      signal,
    });
  }

  return {
    async checkUrl(text) {
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        return 'unresolvable';
      }
      const refused = precheck(url, policy, trusted.has(url.origin));
      if (refused) return refused.reason === 'private' ? 'private' : 'unresolvable';
      const host = normaliseHost(url.hostname);
      if (policy.allowPrivate || trusted.has(url.origin) || isIP(host) !== 0) return 'ok';
      try {
        const addresses = await resolve(host);
        if (addresses.length === 0) return 'unresolvable';
        return addresses.some((a) => isPrivateAddress(a.address)) ? 'private' : 'ok';
      } catch {
        return 'unresolvable';
      }
    },

    async request(text, init) {
      const signal = AbortSignal.timeout(init.timeoutMs);
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        throw new OutboundRefusedError('invalid', 'invalid URL');
      }
      let current: OutboundRequest = init;
      for (let hop = 0; ; hop++) {
        const refused = precheck(url, policy, trusted.has(url.origin));
        if (refused) throw refused;
        let res: Dispatcher.ResponseData;
        try {
          res = await send(url, current, signal);
        } catch (error) {
          if (signal.aborted) throw new OutboundTimeoutError(init.timeoutMs);
          throw error;
        }
        const location = res.headers.location;
        const next = typeof location === 'string' && redirectStatuses.has(res.statusCode) ? location : null;
        if (next === null || hop >= (init.maxRedirects ?? 0)) {
          if (next !== null && (init.maxRedirects ?? 0) > 0) {
            await res.body.dump();
            throw new OutboundRefusedError('redirect', `more than ${init.maxRedirects} redirects`);
          }
          return { status: res.statusCode, headers: res.headers, body: res.body, url: url.href, signal };
        }
        await res.body.dump();
        try {
          url = new URL(next, url);
        } catch {
          throw new OutboundRefusedError('invalid', 'a redirect to an invalid URL');
        }
        // After a redirect the request is a plain GET with only what it accepts: a body or a
        // credential meant for the first host is never sent on to another.
        const accept = init.headers?.accept;
        current = { timeoutMs: init.timeoutMs, method: 'GET', ...(accept ? { headers: { accept } } : {}) };
      }
    },

    async close() {
      await Promise.all([guarded.close(), plain.close()]);
    },
  };
}
