import { portfolioCurrencies } from '@app/contracts';
import { bestKnownCoinId, isFiat } from '@app/core';
import type { CoinChoice } from './coin-match';

/*
 * The currency a transaction's fee was paid in: the portfolio's own (the default),
 * another fiat currency (valued at the day's rate), the coin traded, or another coin such as BNB
 * (valued at that coin's close of the day). The books value a coin fee by its symbol, so only
 * coins whose symbol names them for sure (bestKnownCoinId) can be chosen.
 */

/** The select's value: 'portfolio', 'fiat:eur', 'self' (the coin traded) or 'other' (a coin picked below). */
export type FeeChoice = 'portfolio' | `fiat:${string}` | 'self' | 'other';

export interface FeeCurrencyState {
  choice: FeeChoice;
  /** Text in the fee coin picker (a symbol such as BNB for a stored fee). */
  coinText: string;
  coinPicked: CoinChoice | null;
}

/** A coin whose symbol the books read back to this coin, so a fee in it can be valued. */
export const feePriceable = (coin: Pick<CoinChoice, 'id' | 'symbol'>): boolean =>
  /^[a-z]{3,5}$/i.test(coin.symbol) && bestKnownCoinId(coin.symbol) === coin.id;

/** The other fiat currencies offered (those with daily rates), besides the portfolio's. */
export const otherFiats = (currency: string): string[] =>
  portfolioCurrencies.filter((c) => c !== currency.toLowerCase());

/** The form's starting state for a stored fee_currency (none: the portfolio's). */
export function initialFeeCurrency(
  feeCurrency: string | undefined,
  portfolioCurrency: string,
  coinId: string | undefined,
): FeeCurrencyState {
  const code = feeCurrency?.toLowerCase() ?? '';
  const none = { coinText: '', coinPicked: null };
  if (code === '' || code === portfolioCurrency.toLowerCase()) return { choice: 'portfolio', ...none };
  if (isFiat(code)) return { choice: `fiat:${code}`, ...none };
  if (coinId !== undefined && bestKnownCoinId(code) === coinId) return { choice: 'self', ...none };
  return { choice: 'other', coinText: code.toUpperCase(), coinPicked: null };
}

export const feeCurrencyMessages = {
  chooseCoinFirst: 'Choose the coin of the transaction first',
  selfNotPriceable: 'Fees in this coin cannot be valued by its symbol: choose a currency or another coin',
  chooseFeeCoin: 'Choose the coin the fee was paid in from the list',
  otherNotPriceable:
    'Fees can be valued in coins priced by their symbol, such as BTC, ETH or BNB: choose one of those or a currency',
} as const;

/** The fee_currency to send (undefined: the portfolio's), or why the choice is not complete. */
export function resolveFeeCurrency(
  state: FeeCurrencyState,
  portfolioCurrency: string,
  coin: CoinChoice | null,
): { code: string | undefined } | { error: string } {
  const { choice } = state;
  if (choice === 'portfolio') return { code: undefined };
  if (choice.startsWith('fiat:')) {
    const code = choice.slice(5);
    return { code: code === portfolioCurrency.toLowerCase() ? undefined : code };
  }
  if (choice === 'self') {
    if (!coin) return { error: feeCurrencyMessages.chooseCoinFirst };
    return feePriceable(coin)
      ? { code: coin.symbol.toLowerCase() }
      : { error: feeCurrencyMessages.selfNotPriceable };
  }
  const picked = state.coinPicked;
  if (picked) {
    return feePriceable(picked)
      ? { code: picked.symbol.toLowerCase() }
      : { error: feeCurrencyMessages.otherNotPriceable };
  }
  // Typed, not picked (or a stored fee's symbol): a symbol that names one coin for sure.
  const typed = state.coinText.trim().toLowerCase();
  if (typed === '') return { error: feeCurrencyMessages.chooseFeeCoin };
  return bestKnownCoinId(typed) !== null && /^[a-z]{3,5}$/.test(typed)
    ? { code: typed }
    : { error: feeCurrencyMessages.chooseFeeCoin };
}
