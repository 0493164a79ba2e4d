/**
 * "Ethereum (ETH)"; the id until the coin list has loaded. Not the page's helper (keys.ts): the
 * what-if loads apart from the page, and a module both used would become a chunk of its own.
 */
export function whatIfCoinLabel(
  coins: ReadonlyMap<string, { name: string; symbol: string }>,
  coinId: string,
): string {
  const c = coins.get(coinId);
  if (!c) return coinId;
  const symbol = c.symbol.toUpperCase();
  return c.name.toUpperCase() === symbol ? c.name : `${c.name} (${symbol})`;
}
