import type { CsvImportRow } from '@app/contracts';

/*
 * The import's coin chooser, pure: which rows still lack a coin, the user's symbol → coin choices
 * applied to them, and the market's coins that share a symbol. The server calls this for both
 * the preview and the commit, so the two resolve every row the same way.
 */

/** Upper-case symbol → coin id, as the user chose (keys already upper-cased by the contract). */
export type SymbolChoices = Readonly<Record<string, string>>;

/**
 * A row's coin: its own id when the market knows it, else the user's choice for its symbol,
 * else null (ask). A known id is never overridden: the map only fills gaps.
 */
export function resolveCoinId(
  row: { symbol?: string | undefined; coin_id?: string | null | undefined },
  choices: SymbolChoices,
  known: ReadonlySet<string>,
): string | null {
  if (row.coin_id && known.has(row.coin_id)) return row.coin_id;
  const chosen = row.symbol === undefined ? undefined : ownValue(choices, row.symbol.toUpperCase());
  return chosen !== undefined && known.has(chosen) ? chosen : null;
}

export interface UnresolvedSymbolLines {
  symbol: string;
  lines: number[];
}

/**
 * Rows with their coin resolved (null where the user must still choose), and one group per
 * distinct symbol left without a coin, in order of first appearance.
 */
export function applySymbolChoices(
  rows: readonly CsvImportRow[],
  choices: SymbolChoices,
  known: ReadonlySet<string>,
): { rows: CsvImportRow[]; unresolved: UnresolvedSymbolLines[] } {
  const groups = new Map<string, number[]>();
  const resolved = rows.map((row) => {
    const coinId = resolveCoinId(row, choices, known);
    if (coinId === null) {
      const symbol = row.symbol.toUpperCase();
      const lines = groups.get(symbol) ?? [];
      if (lines.at(-1) !== row.line) lines.push(row.line);
      groups.set(symbol, lines);
    }
    return coinId === row.coin_id ? row : { ...row, coin_id: coinId };
  });
  return { rows: resolved, unresolved: [...groups].map(([symbol, lines]) => ({ symbol, lines })) };
}

/** Choices naming a coin the market does not know: `[symbol, coin id]`. */
export function unknownChoices(choices: SymbolChoices, known: ReadonlySet<string>): [string, string][] {
  return Object.entries(choices).filter(([, id]) => !known.has(id));
}

export interface CandidateCoin {
  id: string;
  symbol: string;
  name?: string;
  market_cap_rank?: number | null | undefined;
}

/**
 * Coins whose symbol is exactly this one (several coins often share a ticker), largest market
 * cap first, then by id so equal ranks keep one order. A hand-written file's "bitcoin" or
 * "Ethereum" in the coin column is a coin's id or name, not a ticker: such a coin is offered
 * after the ticker matches, so the person confirms it instead of searching.
 */
export function symbolCandidates<C extends CandidateCoin>(
  symbol: string,
  coins: readonly C[],
  limit: number,
): C[] {
  const wanted = symbol.toLowerCase();
  const byRank = (a: C, b: C) =>
    (a.market_cap_rank ?? Number.MAX_SAFE_INTEGER) - (b.market_cap_rank ?? Number.MAX_SAFE_INTEGER) ||
    a.id.localeCompare(b.id);
  const tickers = coins.filter((c) => c.symbol.toLowerCase() === wanted).sort(byRank);
  const named = coins
    .filter((c) => c.symbol.toLowerCase() !== wanted)
    .filter((c) => c.id.toLowerCase() === wanted || c.name?.toLowerCase() === wanted)
    .sort(byRank);
  return [...tickers, ...named].slice(0, limit);
}

function ownValue(record: SymbolChoices, key: string): string | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
