import type { MarketSelectItem } from '@app/contracts';

/** What the transaction form needs of a coin: the picker list's item, from the market. */
export type CoinChoice = Pick<MarketSelectItem, 'id' | 'symbol' | 'name' | 'image' | 'market_cap_rank'>;

/**
 * Coins matching typed text by id, symbol or name, best first: an exact symbol (every coin
 * sharing it, by rank, so an ambiguous ticker shows all its candidates), then an exact id or name,
 * then prefixes, then substrings of the name; rank breaks ties.
 */
export function matchCoins(coins: readonly CoinChoice[], text: string, limit = 20): CoinChoice[] {
  const q = text.trim().toLowerCase();
  const seen = new Set<string>();
  const unique = coins.filter((c) => !seen.has(c.id) && seen.add(c.id));
  const rank = (c: CoinChoice) => c.market_cap_rank ?? Number.MAX_SAFE_INTEGER;
  if (q === '') return [...unique].sort((a, b) => rank(a) - rank(b)).slice(0, limit);
  const score = (c: CoinChoice): number => {
    const symbol = c.symbol.toLowerCase();
    const name = c.name.toLowerCase();
    if (symbol === q) return 0;
    if (c.id === q || name === q) return 1;
    if (symbol.startsWith(q)) return 2;
    if (name.startsWith(q) || c.id.startsWith(q)) return 3;
    if (name.includes(q)) return 4;
    return -1;
  };
  return unique
    .map((c) => ({ c, s: score(c) }))
    .filter((x) => x.s >= 0)
    .sort((a, b) => a.s - b.s || rank(a.c) - rank(b.c))
    .slice(0, limit)
    .map((x) => x.c);
}

/**
 * The coin typed text stands for without picking from the list: an exact id, name, or a symbol
 * only one coin has. Ambiguous or unknown text resolves to nothing, and the list asks to choose.
 */
export function resolveTyped(coins: readonly CoinChoice[], text: string): CoinChoice | null {
  const q = text.trim().toLowerCase();
  if (q === '') return null;
  const exact = coins.find((c) => c.id === q || c.name.toLowerCase() === q);
  if (exact) return exact;
  const bySymbol = coins.filter((c) => c.symbol.toLowerCase() === q);
  const ids = new Set(bySymbol.map((c) => c.id));
  return ids.size === 1 ? (bySymbol[0] ?? null) : null;
}
