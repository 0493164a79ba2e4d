import { type CoinMarket, marketCategoryOptions, stablecoinCategoryId } from '@app/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type MarketDataProvider, snapshotCategoryIndex } from '../../integrations/market-data/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { readCacheEntries, writeCacheEntry } from './market-cache.repository.ts';
import { errorText, type MarketLogger } from './market-state.ts';

/** The categories the terminal's filter offers, stablecoins first ("exclude stablecoins" needs it most). */
export const trackedCategories: readonly string[] = [
  stablecoinCategoryId,
  ...marketCategoryOptions.map((o) => o.id).filter((id) => id !== stablecoinCategoryId),
];

/** CoinGecko's per_page ceiling: one call per category. */
const perCall = 250;
const cacheKey = 'categories';
const minute = 60_000;

const cachedSchema = z.object({
  categories: z.record(
    z.string(),
    z.object({ ids: z.array(z.string()), complete: z.boolean(), fetched_at: z.string() }),
  ),
});

interface LiveMembers {
  ids: ReadonlySet<string>;
  /** Fewer than one full page came back, so a coin missing from it is not in the category. */
  complete: boolean;
  fetchedAt: number;
}

export interface CategoryRefreshResult {
  category: string | null;
  outcome: 'updated' | 'failed' | 'skipped';
  reason?: string;
  members?: number;
}

export interface CategoryMembershipDeps {
  db: Db;
  provider: MarketDataProvider;
  clock: Clock;
  logger?: MarketLogger | undefined;
  /** Category ids per coin id to start from (default: the committed snapshot's). */
  base?: () => ReadonlyMap<string, readonly string[]>;
  categories?: readonly string[];
  /** A category is asked again once its membership is this old (default 6 h). */
  maxAgeMs?: number;
  /** After a failed call that category waits this long (default 15 min); the others go on. */
  retryAfterMs?: number;
  /** At most one call per gap (default 1 min), whatever MARKET_REFRESH_SECONDS says. */
  minGapMs?: number;
  /** Calls left untouched in the rate-limit window for the market refresh and user requests. */
  reserveCalls?: number;
}

/**
 * Which coins are in which category, for live data whose list carries no categories
 * (CoinGecko's coins/markets). It starts from the snapshot's categories for the coins it
 * knows and learns each offered category from CoinGecko, one call at a time, only when the
 * rate budget has room, and keeps the last known answer when a call fails. It is cached in
 * the market_cache table so a restart does not ask again.
 */
export function createCategoryMembership(deps: CategoryMembershipDeps) {
  const categories = deps.categories ?? trackedCategories;
  const maxAgeMs = deps.maxAgeMs ?? 360 * minute;
  const retryAfterMs = deps.retryAfterMs ?? 15 * minute;
  const minGapMs = deps.minGapMs ?? minute;
  const reserveCalls = deps.reserveCalls ?? 10;
  const live = new Map<string, LiveMembers>();
  const failedAt = new Map<string, number>();
  let base: ReadonlyMap<string, readonly string[]> | null = null;
  let lastCallAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | null = null;
  let running: Promise<CategoryRefreshResult> | null = null;

  function load(): Promise<void> {
    loading ??= (async () => {
      base = (deps.base ?? (() => snapshotCategoryIndex()))();
      try {
        const entry = (await readCacheEntries(deps.db, [cacheKey])).get(cacheKey);
        const cached = cachedSchema.safeParse(entry?.payload);
        if (!cached.success) return;
        for (const [category, m] of Object.entries(cached.data.categories)) {
          // A refresh that finished while we were reading wins over the stored copy.
          if (live.has(category)) continue;
          live.set(category, {
            ids: new Set(m.ids),
            complete: m.complete,
            fetchedAt: Date.parse(m.fetched_at),
          });
        }
      } catch (error) {
        deps.logger?.warn({ err: errorText(error) }, 'category membership cache unreadable; starting over');
      }
    })();
    return loading;
  }

  function categoriesOf(id: string, own: readonly string[] = []): string[] {
    const out = new Set(own);
    for (const category of base?.get(id) ?? []) {
      const members = live.get(category);
      // A complete live answer overrules the snapshot; a truncated one can only add.
      if (!members?.complete || members.ids.has(id)) out.add(category);
    }
    for (const [category, members] of live) if (members.ids.has(id)) out.add(category);
    return [...out];
  }

  /** The category due next: never asked first (in offer order), then the oldest past its age. */
  function due(now: number): string | null {
    let oldest: { category: string; at: number } | null = null;
    for (const category of categories) {
      const failed = failedAt.get(category);
      if (failed !== undefined && now - failed < retryAfterMs) continue;
      const members = live.get(category);
      if (!members) return category;
      if (now - members.fetchedAt >= maxAgeMs && (!oldest || members.fetchedAt < oldest.at))
        oldest = { category, at: members.fetchedAt };
    }
    return oldest?.category ?? null;
  }

  async function persist(now: number): Promise<void> {
    const payload: z.input<typeof cachedSchema> = { categories: {} };
    for (const [category, m] of live) {
      payload.categories[category] = {
        ids: [...m.ids],
        complete: m.complete,
        fetched_at: new Date(m.fetchedAt).toISOString(),
      };
    }
    await writeCacheEntry(deps.db, cacheKey, { source: 'coingecko', fetchedAt: new Date(now), payload });
  }

  async function refreshOne(): Promise<CategoryRefreshResult> {
    await load();
    const skipped = (reason: string, category: string | null = null): CategoryRefreshResult => ({
      category,
      outcome: 'skipped',
      reason,
    });
    if (!deps.provider.categoryMembers) return skipped('the source lists categories itself');
    const now = deps.clock().getTime();
    if (now - lastCallAt < minGapMs) return skipped('asked too recently');
    const category = due(now);
    if (category === null) return skipped('every category is fresh');
    const spare = deps.provider.spareCalls?.() ?? Number.POSITIVE_INFINITY;
    if (spare <= reserveCalls) return skipped('the rate budget is needed elsewhere', category);
    lastCallAt = now;
    try {
      const ids = await deps.provider.categoryMembers(category, perCall);
      live.set(category, { ids: new Set(ids), complete: ids.length < perCall, fetchedAt: now });
      failedAt.delete(category);
      await persist(now).catch((error: unknown) =>
        deps.logger?.warn({ err: errorText(error) }, 'category membership cache write failed'),
      );
      return { category, outcome: 'updated', members: ids.length };
    } catch (error) {
      failedAt.set(category, now);
      deps.logger?.warn(
        { err: errorText(error), category },
        'category refresh failed; keeping the last known membership',
      );
      return { category, outcome: 'failed', reason: errorText(error) };
    }
  }

  return {
    /** Live coins with the categories we know of (the snapshot's, updated by CoinGecko's). */
    async annotate(coins: readonly CoinMarket[]): Promise<CoinMarket[]> {
      await load();
      return coins.map((c) => {
        const found = categoriesOf(c.id, c.categories);
        return found.length > 0 ? { ...c, categories: found } : c;
      });
    },

    /**
     * Asks upstream about the one category due next, if any is due and the budget allows.
     * Never throws: a failure keeps the last known membership and is reported in the result.
     */
    refreshNext(): Promise<CategoryRefreshResult> {
      running ??= refreshOne()
        .catch((error: unknown): CategoryRefreshResult => {
          deps.logger?.warn({ err: errorText(error) }, 'category refresh failed');
          return { category: null, outcome: 'failed', reason: errorText(error) };
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
  };
}

export type CategoryMembership = ReturnType<typeof createCategoryMembership>;
