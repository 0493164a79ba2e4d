import { marketLimits } from '@app/contracts';

/**
 * Coin search: trimmed text shorter than 2 characters means no search (an empty
 * result), so callers never hit the provider for one letter.
 */
export function normaliseSearchQuery(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().replace(/\s+/g, ' ');
  return trimmed.length < marketLimits.searchMinChars ? null : trimmed;
}

/** Ranks a coin against a normalised query: lower is better, null means no match. */
export function searchMatchScore(
  coin: { id: string; symbol: string; name: string },
  query: string,
): number | null {
  const q = query.toLowerCase();
  const symbol = coin.symbol.toLowerCase();
  const name = coin.name.toLowerCase();
  const id = coin.id.toLowerCase();
  if (symbol === q || id === q || name === q) return 0;
  if (symbol.startsWith(q)) return 1;
  if (name.startsWith(q) || id.startsWith(q)) return 2;
  if (name.includes(q) || id.includes(q) || symbol.includes(q)) return 3;
  return null;
}
