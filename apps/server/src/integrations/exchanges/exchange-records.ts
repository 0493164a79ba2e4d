/**
 * What a read of an exchange account hands out. Currency codes are ccxt's unified codes (Kraken's
 * XXBT and XBT are BTC, ZEUR is EUR); every quantity is an exact decimal string in its canonical
 * spelling (no trailing zeros), never a JS number.
 */

export interface ExchangeFee {
  cost: string;
  currency: string;
}

export interface ExchangeTrade {
  /** The exchange's own trade id, unique within the account (Binance: within the market). */
  id: string;
  orderId: string | null;
  /** ISO 8601, UTC, millisecond precision. */
  time: string;
  /** The exchange's id of the market (XXBTZEUR, ETHBTC). */
  market: string;
  base: string;
  quote: string;
  side: 'buy' | 'sell';
  /** Quantity of `base`. */
  amount: string;
  /** `quote` per one `base`. */
  price: string;
  /** Quantity of `quote` the trade moved, before fees. */
  cost: string;
  /** Fees charged on top, each in its own currency (Binance may charge BNB); empty when none. */
  fees: ExchangeFee[];
  /** True when the order was resting in the book; null when the exchange does not say. */
  maker: boolean | null;
}

/**
 * - `deposit` / `withdrawal`: paid in from outside or out to outside (crypto or, with `fiat`, money).
 * - `reward`: staking and earn rewards, interest and distributions credited to the account.
 * - `internal`: a move between the account's own wallets (spot ↔ staking or earn); what the account
 *   holds does not change, only where (Kraken's DOT ↔ DOT.S are two entries of one move).
 * - `conversion`: one asset exchanged for another outside the order book (Kraken's spend/receive);
 *   entries sharing `refId` belong together.
 * - `adjustment`: any other change of a balance the exchange booked (corrections, margin, rollover).
 */
export type MovementKind = 'deposit' | 'withdrawal' | 'reward' | 'internal' | 'conversion' | 'adjustment';

export interface ExchangeMovement {
  /** The exchange's id of this entry (Kraken ledger id, Binance deposit/withdrawal/dividend id). */
  id: string;
  /** What the exchange links it to (Kraken's refid); null when nothing. */
  refId: string | null;
  kind: MovementKind;
  /** Money (EUR, USD…) rather than a crypto asset. */
  fiat: boolean;
  direction: 'in' | 'out';
  currency: string;
  /** What arrived or left, positive; a withdrawal's fee is not part of it. */
  amount: string;
  /** Charged in addition to `amount` (a withdrawal's network fee); null when none. */
  fee: ExchangeFee | null;
  /** ISO 8601, UTC, millisecond precision. */
  time: string;
  /** The on-chain transaction hash of a crypto deposit or withdrawal, when the exchange gives it. */
  txHash: string | null;
  address: string | null;
  network: string | null;
  /** The exchange's own words for the entry, e.g. "staking", "earn/reward", "BNB distribution". */
  exchangeType: string;
}

export interface ExchangeBalance {
  currency: string;
  /** Everything held, including what open orders hold. */
  total: string;
}
