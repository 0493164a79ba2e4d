import type { Clock } from '../../lib/clock.ts';
import { createOutboundGuard, type HostLookup } from '../../lib/outbound-guard.ts';

/** A coin logo as this server holds it: the bytes its image host sent, and when. */
export interface CoinImage {
  contentType: string;
  body: Buffer;
  fetchedAt: Date;
}

export interface CoinImageCache {
  /**
   * The logo at `src` (an allowed image host's URL), fetched on first use; null when it cannot be
   * had, or when `client` has already made this server ask the image host too often this minute.
   */
  get(src: string, client?: string): Promise<CoinImage | null>;
  /** Lets go of the image hosts' connections. */
  close(): Promise<void>;
}

export interface CoinImageCacheOptions {
  clock: Clock;
  /** Replaces the image host's scheme and host when fetching (a mirror; tests use a fake on 127.0.0.1). */
  origin?: string | undefined;
  /** Resolves the image hosts' names (the system's resolver unless a test answers for it). */
  lookup?: HostLookup | undefined;
  timeoutMs?: number;
  maxImageBytes?: number;
  /** Bytes of logos kept in memory; the least recently served go first. */
  budgetBytes?: number;
  /** How long a logo that could not be fetched is not asked for again. */
  retryAfterMs?: number;
  /** How many fetches from the image host one client may cause a minute; served logos cost nothing. */
  fetchesPerClientPerMinute?: number;
}

// Raster types only: an SVG from upstream could carry script if opened from our origin.
const imageTypes = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

/**
 * Coin logos served from this server (images are local), so a page never asks the
 * market's image host itself: offline, or with that host down, nothing fails in the browser.
 * Kept in memory, bounded by bytes: a restart fetches again, and each process keeps its own.
 */
export function createCoinImageCache(options: CoinImageCacheOptions): CoinImageCache {
  const timeoutMs = options.timeoutMs ?? 3_000;
  const maxImageBytes = options.maxImageBytes ?? 256 * 1024;
  const budgetBytes = options.budgetBytes ?? 16 * 1024 * 1024;
  const retryAfterMs = options.retryAfterMs ?? 10 * 60_000;
  // The allowed image hosts are public: a name of theirs that answers a private address, or a
  // redirect to one, is refused. The operator's mirror is trusted at its own address.
  const guard = createOutboundGuard({
    allowPrivate: false,
    trustedOrigins: options.origin ? [options.origin] : [],
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
  const images = new Map<string, CoinImage>();
  const failedUntil = new Map<string, number>();
  const inFlight = new Map<string, Promise<CoinImage | null>>();
  let heldBytes = 0;
  // Generous: a first visit to the terminal asks for a page of 250 logos the server may not hold yet.
  const perMinute = options.fetchesPerClientPerMinute ?? 600;
  const fetchesBy = new Map<string, { minute: number; count: number }>();

  /**
   * Whether `client` may make this server ask the image host once more. Only fetches count: a page
   * of 250 logos already held costs nothing, while a client inventing paths cannot turn this
   * server on the image host.
   */
  function mayFetch(client: string | undefined): boolean {
    if (client === undefined) return true;
    const minute = Math.floor(options.clock().getTime() / 60_000);
    const seen = fetchesBy.get(client);
    if (!seen || seen.minute !== minute) {
      if (fetchesBy.size > 10_000) fetchesBy.clear();
      fetchesBy.set(client, { minute, count: 1 });
      return true;
    }
    seen.count += 1;
    return seen.count <= perMinute;
  }

  function upstreamUrl(src: string): string {
    if (!options.origin) return src;
    const url = new URL(src);
    return `${options.origin.replace(/\/+$/, '')}${url.pathname}${url.search}`;
  }

  async function fetchImage(src: string): Promise<CoinImage | null> {
    try {
      const res = await guard.request(upstreamUrl(src), {
        timeoutMs,
        // A CDN may move a logo; each hop is checked like the first.
        maxRedirects: 3,
        headers: { accept: [...imageTypes].join(', ') },
      });
      const header = (name: string) => {
        const value = res.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const type = (header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      const declared = Number(header('content-length') ?? '0');
      if (res.status < 200 || res.status >= 300 || !imageTypes.has(type) || declared > maxImageBytes) {
        await res.body.dump();
        return null;
      }
      const body = Buffer.from(await res.body.arrayBuffer());
      if (body.length === 0 || body.length > maxImageBytes) return null;
      return { contentType: type, body, fetchedAt: options.clock() };
    } catch {
      return null;
    }
  }

  function keep(src: string, image: CoinImage): void {
    images.set(src, image);
    heldBytes += image.body.length;
    for (const [oldest, held] of images) {
      if (heldBytes <= budgetBytes) break;
      images.delete(oldest);
      heldBytes -= held.body.length;
    }
  }

  function remember(src: string, image: CoinImage | null): void {
    if (image) {
      failedUntil.delete(src);
      keep(src, image);
      return;
    }
    failedUntil.set(src, options.clock().getTime() + retryAfterMs);
    // Bounded like the images: the oldest failures are forgotten first.
    if (failedUntil.size > 10_000) {
      const [first] = failedUntil.keys();
      if (first !== undefined) failedUntil.delete(first);
    }
  }

  return {
    async get(src, client) {
      const held = images.get(src);
      if (held) {
        images.delete(src);
        images.set(src, held);
        return held;
      }
      const until = failedUntil.get(src);
      if (until !== undefined && until > options.clock().getTime()) return null;
      const pending = inFlight.get(src);
      if (pending) return pending;
      if (!mayFetch(client)) return null;
      const request = fetchImage(src).then((image) => {
        remember(src, image);
        inFlight.delete(src);
        return image;
      });
      inFlight.set(src, request);
      return request;
    },
    close: () => guard.close(),
  };
}
