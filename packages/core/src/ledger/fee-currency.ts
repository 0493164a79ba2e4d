import { bestKnownCoinId, isFiat } from '../csv/coins.ts';
import { Dec } from '../decimal.ts';
import { toDecimalString } from './format.ts';
import type { LedgerTransaction } from './types.ts';

/**
 * A fee recorded in another currency than the portfolio's (`fee_currency`: USD on a EUR
 * portfolio, BNB on a Binance trade) is valued in the portfolio's currency on the UTC day of its
 * transaction: a fiat fee at that day's exchange rate, a coin fee at that coin's stored daily
 * close. Without a rate or close for that day the fee has no value: the row is listed as
 * needing a price, never valued at 0 nor read as if it were in the portfolio's currency.
 */

/** What a fee's currency is, seen from a portfolio in `currency`. */
export type FeeCurrency =
  | { kind: 'same' }
  | { kind: 'fiat'; code: string }
  | { kind: 'coin'; coinId: string }
  | { kind: 'unknown'; symbol: string };

export function feeCurrencyOf(feeCurrency: string | null | undefined, currency: string): FeeCurrency {
  const code = feeCurrency?.trim().toLowerCase() ?? '';
  if (code === '' || code === currency.toLowerCase()) return { kind: 'same' };
  if (isFiat(code)) return { kind: 'fiat', code };
  const coinId = bestKnownCoinId(code);
  return coinId === null ? { kind: 'unknown', symbol: code } : { kind: 'coin', coinId };
}

/**
 * True when a fee in `code` can ever be valued: a fiat currency (at a day's rate) or a coin whose
 * symbol names it for sure (at its close). Any other code would stay without a price forever.
 */
export function feeCurrencyKnown(code: string): boolean {
  return isFiat(code) || bestKnownCoinId(code) !== null;
}

/** Day values in the portfolio's currency, read from stored market history. */
export interface FeeQuotes {
  /** Units of the portfolio's currency per one unit of fiat `code` on the UTC day of `executedAt`. */
  rateOn(code: string, executedAt: string): string | null;
  /** The coin's daily close in the portfolio's currency on the UTC day of `executedAt`. */
  closeOn(coinId: string, executedAt: string): string | null;
}

/** Why a fee has no value: no exchange rate (fiat), or no price for the coin (or an unknown symbol). */
export type FeeIssue = 'no_rate' | 'no_price';

export type FeeValue = { fee: string; issue: null } | { fee: null; issue: FeeIssue };

/** The fee of `tx` in `currency`: exact decimal product of the fee and the day's rate or close. */
export function feeInCurrency(
  tx: Pick<LedgerTransaction, 'fee' | 'fee_currency' | 'executed_at'>,
  currency: string,
  quotes: FeeQuotes,
): FeeValue {
  const kind = feeCurrencyOf(tx.fee_currency, currency);
  const fee = new Dec(tx.fee);
  if (kind.kind === 'same' || fee.isZero()) return { fee: toDecimalString(fee), issue: null };
  if (kind.kind === 'unknown') return { fee: null, issue: 'no_price' };
  const factor =
    kind.kind === 'fiat'
      ? quotes.rateOn(kind.code, tx.executed_at)
      : quotes.closeOn(kind.coinId, tx.executed_at);
  if (factor === null) return { fee: null, issue: kind.kind === 'fiat' ? 'no_rate' : 'no_price' };
  return { fee: toDecimalString(fee.mul(factor)), issue: null };
}

/** True when the row's fee is in another currency than `currency` and is not zero. */
export function hasForeignFee(
  tx: Pick<LedgerTransaction, 'fee' | 'fee_currency'>,
  currency: string,
): boolean {
  return feeCurrencyOf(tx.fee_currency, currency).kind !== 'same' && !new Dec(tx.fee).isZero();
}

/** The currencies and coins whose day values the rows' foreign fees need. */
export function feeNeeds(
  txs: readonly Pick<LedgerTransaction, 'fee' | 'fee_currency'>[],
  currency: string,
): { fiat: string[]; coins: string[] } {
  const fiat = new Set<string>();
  const coins = new Set<string>();
  for (const tx of txs) {
    if (!hasForeignFee(tx, currency)) continue;
    const kind = feeCurrencyOf(tx.fee_currency, currency);
    if (kind.kind === 'fiat') fiat.add(kind.code);
    else if (kind.kind === 'coin') coins.add(kind.coinId);
  }
  return { fiat: [...fiat].sort(), coins: [...coins].sort() };
}

/**
 * The rows with every fee in `currency`: a converted fee replaces the stated one (and the row
 * loses its `fee_currency`); a fee without a value for its day is left out of the figures (0)
 * and its row is returned in `issues`, so callers say so instead of showing it as counted.
 * Rows without a foreign fee are returned as they are (same objects).
 */
export function withFeesIn(
  txs: readonly LedgerTransaction[],
  currency: string,
  quotes: FeeQuotes,
): { transactions: LedgerTransaction[]; issues: Map<string, FeeIssue> } {
  const issues = new Map<string, FeeIssue>();
  const transactions = txs.map((tx) => {
    if (!hasForeignFee(tx, currency)) return tx;
    const value = feeInCurrency(tx, currency, quotes);
    if (value.fee === null) issues.set(tx.id, value.issue);
    return { ...tx, fee: value.fee ?? '0', fee_currency: undefined };
  });
  return { transactions, issues };
}
