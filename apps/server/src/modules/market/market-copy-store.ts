import type { MarketMode, MarketSourceId } from '@app/contracts';
import {
  coinMarketSchema,
  exchangeRatesSchema,
  globalDataSchema,
  marketSourceIds,
  trendingSchema,
} from '@app/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { readCacheEntries, readCacheFetchedAt, writeCacheEntry } from './market-cache.repository.ts';
import type { MarketSnapshot } from './market-snapshot.ts';

/*
 * The market copy as the market_cache table keeps it: one row per part (coins, rates, global,
 * trending) and the second provider's prices laid over it, each with its source and fetch time.
 * Every process reads the same rows, so a restart or a follower serves what the leader fetched.
 */

const keys = { markets: 'markets:usd', rates: 'rates', global: 'global', trending: 'trending' } as const;
/**
 * A second provider's prices over the last live copy while the primary fails: stored with their
 * source and time like every market figure, so every process serves them (not only the leader).
 * `basis` is the fetch time of the copy they lie over; a newer copy makes them obsolete.
 */
const overlayKey = 'prices:fallback';
const storedOverlay = z.object({ basis: z.string(), prices: z.record(z.string(), z.number()) });

const cachedMarkets = z.object({
  coins: z.array(coinMarketSchema),
  asOf: z.string(),
});

/** The stored copy of this mode, with its overlay when the overlay lies over it; null when there is none. */
export async function readMarketCopy(db: Db, mode: MarketMode): Promise<MarketSnapshot | null> {
  const entries = await readCacheEntries(db, [...Object.values(keys), overlayKey]);
  const markets = cachedMarkets.safeParse(entries.get(keys.markets)?.payload);
  const rates = exchangeRatesSchema.safeParse(entries.get(keys.rates)?.payload);
  const marketsEntry = entries.get(keys.markets);
  if (!markets.success || !rates.success || !marketsEntry) return null;
  const global = globalDataSchema.safeParse(entries.get(keys.global)?.payload);
  const trending = trendingSchema.safeParse(entries.get(keys.trending)?.payload);
  const source = sourceId(marketsEntry.source);
  // One mode's rows only: a demo copy is never served once live, nor a real one in demo mode.
  if (source === null || (source === 'demo') !== (mode === 'demo')) return null;
  const copy: MarketSnapshot = {
    coins: markets.data.coins,
    byId: new Map(markets.data.coins.map((c) => [c.id, c])),
    rates: rates.data,
    global: global.success ? global.data : null,
    trending: trending.success ? trending.data : null,
    fetchedAt: marketsEntry.fetchedAt,
    source,
    asOf: markets.data.asOf,
  };
  const overlayEntry = entries.get(overlayKey);
  const overlay = storedOverlay.safeParse(overlayEntry?.payload);
  const overlaySource = overlayEntry ? sourceId(overlayEntry.source) : null;
  if (
    mode === 'live' &&
    overlayEntry &&
    overlay.success &&
    overlaySource !== null &&
    overlaySource !== 'demo' &&
    overlay.data.basis === marketsEntry.fetchedAt.toISOString()
  ) {
    return withPrices(
      copy,
      new Map(Object.entries(overlay.data.prices)),
      overlaySource,
      overlayEntry.fetchedAt,
    ).snapshot;
  }
  return copy;
}

export async function writeMarketCopy(db: Db, s: MarketSnapshot): Promise<void> {
  const base = { source: s.source, fetchedAt: s.fetchedAt };
  await writeCacheEntry(db, keys.markets, { ...base, payload: { coins: s.coins, asOf: s.asOf } });
  await writeCacheEntry(db, keys.rates, { ...base, payload: s.rates });
  if (s.global) await writeCacheEntry(db, keys.global, { ...base, payload: s.global });
  if (s.trending) await writeCacheEntry(db, keys.trending, { ...base, payload: s.trending });
}

export async function writePriceOverlay(
  db: Db,
  basis: MarketSnapshot,
  applied: ReadonlyMap<string, number>,
  source: MarketSourceId,
  at: Date,
): Promise<void> {
  await writeCacheEntry(db, overlayKey, {
    source,
    fetchedAt: at,
    payload: { basis: basis.fetchedAt.toISOString(), prices: Object.fromEntries(applied) },
  });
}

/** When the stored copy was fetched: a follower reloads when it is newer than its own. */
export function readMarketCopyTime(db: Db): Promise<Date | null> {
  return readCacheFetchedAt(db, keys.markets);
}

/** When the stored overlay was fetched: newer prices over the same copy are reloaded too. */
export function readPriceOverlayTime(db: Db): Promise<Date | null> {
  return readCacheFetchedAt(db, overlayKey);
}

/** The copy with these prices in place of the primary's, each labelled with its source and time. */
export function withPrices(
  copy: MarketSnapshot,
  prices: ReadonlyMap<string, number>,
  source: MarketSourceId,
  at: Date,
): { snapshot: MarketSnapshot; applied: Map<string, number> } {
  const applied = new Map<string, number>();
  const asOf = at.toISOString();
  const coins = copy.coins.map((c) => {
    const price = prices.get(c.id);
    if (price === undefined || !(price > 0) || !Number.isFinite(price)) return c;
    applied.set(c.id, price);
    return { ...c, current_price: price, price_source: source, price_as_of: asOf };
  });
  if (applied.size === 0) return { snapshot: copy, applied };
  return {
    snapshot: { ...copy, coins, byId: new Map(coins.map((c) => [c.id, c])), overlaidAt: at },
    applied,
  };
}

function sourceId(stored: string): MarketSourceId | null {
  return (marketSourceIds as readonly string[]).includes(stored) ? (stored as MarketSourceId) : null;
}
