import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { type AddressPolicy, guardedLookup, isPrivateAddress, PrivateAddressError } from './address-guard.ts';
import type { WebhookRequest } from './presets.ts';

/**
 * What one attempt came to. `permanent` failures (a 4xx other than 408/425/429, a redirect, a
 * refused address) are not retried and mark the channel failing; `transient` ones (5xx, 429,
 * timeouts, refused connections) are retried with backoff.
 */
export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; error: string };

export interface WebhookSender {
  send(request: WebhookRequest): Promise<SendOutcome>;
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

export function createWebhookSender(options: AddressPolicy & { timeoutMs: number }): WebhookSender {
  const lookup = guardedLookup(options);
  // Keep-alive agents: a burst of alerts to one receiver reuses its connections.
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64, lookup } as http.AgentOptions),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64, lookup } as https.AgentOptions),
  };

  return {
    send(request) {
      return new Promise((resolve) => {
        let url: URL;
        try {
          url = new URL(request.url);
        } catch {
          resolve({ ok: false, permanent: true, error: 'invalid URL' });
          return;
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          resolve({ ok: false, permanent: true, error: 'only http and https URLs are sent to' });
          return;
        }
        // A literal address skips DNS (and so the guarded lookup): check it here.
        const host = url.hostname.replace(/^\[|\]$/g, '');
        if (!options.allowPrivate && (isIP(host) !== 0 ? isPrivateAddress(host) : host === 'localhost')) {
          resolve({ ok: false, permanent: true, error: new PrivateAddressError(host).message });
          return;
        }
        let settled = false;
        const finish = (outcome: SendOutcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(outcome);
        };
        const body = Buffer.from(request.body, 'utf8');
        const transport = url.protocol === 'https:' ? https : http;
        const req = transport.request(
          url,
          {
            method: 'POST',
            agent: agents[url.protocol],
            headers: { ...request.headers, 'content-length': String(body.length) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              if (size < 2048) chunks.push(chunk);
              size += chunk.length;
            });
            res.on('end', () => {
              const detail = Buffer.concat(chunks).toString('utf8').slice(0, 200).replace(/\s+/g, ' ').trim();
              finish(classifyStatus(res.statusCode ?? 0, detail));
            });
            res.on('error', (error) => finish({ ok: false, permanent: false, error: error.message }));
          },
        );
        const timer = setTimeout(() => {
          finish({ ok: false, permanent: false, error: `no answer within ${options.timeoutMs / 1000} s` });
          req.destroy();
        }, options.timeoutMs);
        req.on('error', (error: NodeJS.ErrnoException) => {
          if (error instanceof PrivateAddressError)
            finish({ ok: false, permanent: true, error: error.message });
          else
            finish({
              ok: false,
              permanent: false,
              error: error.code ? `${error.code}: ${error.message}` : error.message,
            });
        });
        req.end(body);
      });
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
