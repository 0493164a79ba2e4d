import type { OpeningBalance } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { toDecimalString } from '../ledger/format.ts';
import { bestKnownCoinId, isFiat } from './coins.ts';

/** One row of a ledger with a running balance column, after that row's change. */
export interface BalanceEntry {
  line: number;
  /** The coin as the import names it (normalized: SOL03.S → SOL). */
  symbol: string;
  /** Where the balance is kept: the raw asset code and wallet (Kraken keeps one balance per pair). */
  account: string;
  date: string;
  /** Signed change of the balance: amount − fee for Kraken (balance = previous + amount − fee). */
  change: Dec;
  balance: Dec;
}

const at = (e: BalanceEntry) => new Date(e.date).getTime();

/**
 * A ledger that starts mid-history. For each account, its earliest row (by time, then
 * by line) says what was held before the file began: balance − change. Accounts of one coin add
 * up; a coin whose earlier holding is zero (or fiat) is not offered. Dated one second before the
 * coin's first row, so it sorts before everything the file imports.
 */
export function openingBalances(entries: readonly BalanceEntry[]): OpeningBalance[] {
  const first = new Map<string, BalanceEntry>();
  for (const e of entries) {
    const seen = first.get(e.account);
    const earlier = !seen || at(e) < at(seen) || (at(e) === at(seen) && e.line < seen.line);
    if (earlier) first.set(e.account, e);
  }
  const bySymbol = new Map<string, { quantity: Dec; entry: BalanceEntry }>();
  for (const e of first.values()) {
    if (isFiat(e.symbol)) continue;
    const before = e.balance.sub(e.change);
    if (!before.gt(0)) continue;
    const known = bySymbol.get(e.symbol);
    const entry = !known || at(e) < at(known.entry) ? e : known.entry;
    bySymbol.set(e.symbol, { quantity: (known?.quantity ?? new Dec(0)).add(before), entry });
  }
  return [...bySymbol.entries()]
    .map(([symbol, { quantity, entry }]) => ({
      symbol,
      coin_id: bestKnownCoinId(symbol),
      quantity: toDecimalString(quantity),
      date: new Date(at(entry) - 1000).toISOString(),
      first_line: entry.line,
    }))
    .sort((a, b) => a.first_line - b.first_line);
}
