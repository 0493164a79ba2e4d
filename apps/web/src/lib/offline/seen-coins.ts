import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { offlineDb, type SeenCoin } from './offline-db';

export type { SeenCoin } from './offline-db';

/** The answers that list coins: the market pages, its top and the coin pickers' lists. */
function listsCoins(key: QueryKey): boolean {
  const [root, kind] = key;
  if (root === 'coin-picker') return true;
  // The user's own coins stay out: which coins a person holds is theirs, not the market's.
  return root === 'market' && (kind === 'list' || kind === 'top' || kind === 'select' || kind === 'search');
}

function text(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** The coins in an answer, whatever list holds them (`results`, `cryptocurrencies`, `coins`). */
export function coinsIn(data: unknown, now: number): SeenCoin[] {
  if (typeof data !== 'object' || data === null) return [];
  const record = data as Record<string, unknown>;
  const list = [record.results, record.cryptocurrencies, record.coins].find(Array.isArray) as
    | unknown[]
    | undefined;
  const found: SeenCoin[] = [];
  for (const item of list ?? []) {
    if (typeof item !== 'object' || item === null) continue;
    const c = item as Record<string, unknown>;
    if (!text(c.id) || !text(c.symbol) || !text(c.name)) continue;
    found.push({
      id: c.id,
      symbol: c.symbol,
      name: c.name,
      image: typeof c.image === 'string' ? c.image : typeof c.thumb === 'string' ? c.thumb : '',
      market_cap_rank: typeof c.market_cap_rank === 'number' ? c.market_cap_rank : null,
      seenAt: now,
    });
  }
  return found;
}

/** Keeps these coins on the device, each under its id (the latest sighting wins). */
export async function rememberSeenCoins(coins: readonly SeenCoin[]): Promise<void> {
  if (coins.length === 0) return;
  const db = await offlineDb();
  const tx = db.transaction('coins', 'readwrite');
  await Promise.all([...coins.map((coin) => tx.store.put(coin)), tx.done]);
}

/** Every coin seen on this device. */
export async function listSeenCoins(): Promise<SeenCoin[]> {
  const db = await offlineDb();
  return db.getAll('coins');
}

/** Sign-out: the next person starts from the market they see themselves. */
export async function forgetSeenCoins(): Promise<void> {
  const db = await offlineDb();
  await db.clear('coins');
}

/**
 * Keeps the coins of every market answer as it arrives, so the coin field can find a coin without
 * a network: batched (a burst of pages makes one write). Returns the function that stops it.
 */
export function keepSeenCoins(client: QueryClient, delayMs = 1_000): () => void {
  let pending: SeenCoin[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const batch = pending;
    pending = [];
    rememberSeenCoins(batch).catch(() => {
      // Quota or a private window: the online search still finds every coin.
    });
  };
  // Answers that arrived before this started (the market loads before the offline kit does).
  for (const query of client.getQueryCache().getAll()) {
    if (query.state.status === 'success' && listsCoins(query.queryKey)) {
      pending.push(...coinsIn(query.state.data, Date.now()));
    }
  }
  if (pending.length > 0) timer = setTimeout(flush, delayMs);
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!listsCoins(event.query.queryKey)) return;
    pending.push(...coinsIn(event.query.state.data, Date.now()));
    if (timer === undefined) timer = setTimeout(flush, delayMs);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) {
      clearTimeout(timer);
      flush();
    }
  };
}
