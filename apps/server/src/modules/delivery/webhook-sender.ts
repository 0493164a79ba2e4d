import {
  createOutboundGuard,
  type HostLookup,
  type OutboundPolicy,
  OutboundTimeoutError,
  refusalOf,
  type UrlCheck,
} from '../../lib/outbound-guard.ts';
import type { WebhookRequest } from './presets.ts';

/**
 * What one attempt came to. `permanent` failures (a 4xx other than 408/425/429, a redirect, a
 * refused address) are not retried and mark the channel failing; `transient` ones (5xx, 429,
 * timeouts, refused connections) are retried with backoff.
 */
export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; error: string };

export interface WebhookSender {
  send(request: WebhookRequest): Promise<SendOutcome>;
  /** The save-time check of a webhook URL, under the same policy and resolver as the sends. */
  checkUrl(url: string): Promise<UrlCheck>;
  close(): void;
}

const retryableStatus = new Set([408, 425, 429]);

export function classifyStatus(status: number, detail: string): SendOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  const error = `HTTP ${status}${detail ? `: ${detail}` : ''}`;
  if (status >= 500 || retryableStatus.has(status)) return { ok: false, permanent: false, error };
  if (status >= 300 && status < 400)
    return { ok: false, permanent: true, error: `${error} (redirects are not followed)` };
  return { ok: false, permanent: true, error };
}

/** The first bytes of an answer, for the channel's last error; the rest is read and dropped. */
async function detailOf(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size < 2048) chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, 200).replace(/\s+/g, ' ').trim();
}

/**
 * Webhooks go through the outbound guard: private targets refused (unless allowed), the checked
 * address pinned for the connection, and redirects never followed (a POST's body and token must
 * not travel on to wherever a receiver points).
 */
export function createWebhookSender(
  options: Pick<OutboundPolicy, 'allowPrivate'> & { timeoutMs: number; lookup?: HostLookup | undefined },
): WebhookSender {
  const guard = createOutboundGuard({
    allowPrivate: options.allowPrivate,
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
  const timedOut = (): SendOutcome => ({
    ok: false,
    permanent: false,
    error: `no answer within ${options.timeoutMs / 1000} s`,
  });

  return {
    async send(request) {
      const body = Buffer.from(request.body, 'utf8');
      let signal: AbortSignal | undefined;
      try {
        const res = await guard.request(request.url, {
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(body.length) },
          body,
          timeoutMs: options.timeoutMs,
          maxRedirects: 0,
        });
        signal = res.signal;
        return classifyStatus(res.status, await detailOf(res.body));
      } catch (error) {
        const refused = refusalOf(error);
        if (refused) return { ok: false, permanent: true, error: refused.message };
        if (error instanceof OutboundTimeoutError || signal?.aborted) return timedOut();
        const e = error as NodeJS.ErrnoException;
        const cause = e.cause as NodeJS.ErrnoException | undefined;
        const code = e.code ?? cause?.code;
        const message = cause?.message ?? e.message;
        return { ok: false, permanent: false, error: code ? `${code}: ${message}` : message };
      }
    },
    checkUrl: (url) => guard.checkUrl(url),
    close() {
      void guard.close();
    },
  };
}
