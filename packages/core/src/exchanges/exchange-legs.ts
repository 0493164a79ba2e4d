import type { RewardKind, TransactionType } from '@app/contracts';
import { bestKnownCoinId, isFiat } from '../csv/coins.ts';
import { type Leg, tradeLegs } from '../csv/rows.ts';
import { Dec } from '../decimal.ts';
import { toDecimalString } from '../ledger/format.ts';

/** A trade as an exchange's API reports it: base bought or sold against quote, fees on top. */
export interface ExchangeTradeRecord {
  side: 'buy' | 'sell';
  base: string;
  quote: string;
  /** Quantity of base. */
  amount: string;
  /** Quantity of quote moved, before fees. */
  cost: string;
  fees: readonly { cost: string; currency: string }[];
  /** ISO 8601. */
  time: string;
  note: string;
  /** The exchange's own id (outsideRefs), shared by every leg. */
  ref: string;
}

/**
 * Portfolio-currency units per one unit of `currency` (a fiat code or a coin's symbol) on the day
 * of `at`, or null when nothing real says: then what depends on it waits, never a guess.
 */
export type CurrencyFactor = (currency: string, at: string) => string | null;

/** One ledger row of an exchange record, valued in the portfolio's currency. */
export interface PricedLeg {
  symbol: string;
  coinId: string;
  type: TransactionType;
  quantity: string;
  /** Null only on a transfer in whose value nobody knows. */
  pricePerCoin: string | null;
  fee: string;
  /** The fee's currency when it is not the portfolio's (a BNB fee): the books value it on its day. */
  feeCurrency: string | null;
  executedAt: string;
  note: string;
  rewardKind: RewardKind | null;
  outsideRef: string;
}

/** Why a record cannot be booked yet, in words for its connection's page. */
export type Unbookable = { reason: 'unknown_asset' | 'no_price' | 'unrecordable'; detail: string };

/**
 * Stablecoins of the dollar: a price in them is taken as dollars in a dollar portfolio, by the
 * CSV import and the exchange sync alike (so one trade arriving both ways is priced the same).
 */
export const usdStablecoins: ReadonlySet<string> = new Set([
  'USDT',
  'USDC',
  'BUSD',
  'FDUSD',
  'DAI',
  'TUSD',
  'USDP',
]);

/**
 * A trade's legs (the coin bought, the coin spent when it is a coin, a coin paid as fee), each
 * valued in `currency` at the trade's own price: a price in another fiat converted at the day's
 * rate, a price in a coin at that coin's day close. One leg that cannot be valued holds the whole
 * trade back, so a swap is never booked half.
 */
export function pricedTradeLegs(
  trade: ExchangeTradeRecord,
  currency: string,
  factor: CurrencyFactor,
): PricedLeg[] | Unbookable {
  const legs = tradeLegs({
    side: trade.side,
    base: trade.base,
    quote: trade.quote,
    baseQuantity: new Dec(trade.amount),
    quoteQuantity: new Dec(trade.cost),
    fees: trade.fees.map((f) => ({ asset: f.currency, amount: new Dec(f.cost) })),
    date: trade.time,
    note: trade.note,
    ref: trade.ref,
  });
  if ('error' in legs) return { reason: 'unrecordable', detail: legs.error };
  const out: PricedLeg[] = [];
  for (const leg of legs) {
    const priced = priceLeg(leg, currency.toUpperCase(), factor);
    if ('reason' in priced) return priced;
    out.push(priced);
  }
  return out;
}

function priceLeg(leg: Leg, currency: string, factor: CurrencyFactor): PricedLeg | Unbookable {
  const coinId = leg.coinId ?? bestKnownCoinId(leg.symbol);
  if (coinId === null) return { reason: 'unknown_asset', detail: leg.symbol.toUpperCase() };
  const quote = (leg.priceCurrency ?? currency).toUpperCase();
  const taken = quote === currency || (currency === 'USD' && usdStablecoins.has(quote));
  const f = taken ? '1' : factor(quote, leg.date);
  if (f === null) {
    return {
      reason: 'no_price',
      detail: isFiat(quote) ? `${quote} to ${currency} rate` : `${quote} price in ${currency}`,
    };
  }
  const rate = new Dec(f);
  const fee = leg.fee ?? new Dec(0);
  return {
    symbol: leg.symbol.toUpperCase(),
    coinId,
    type: leg.type,
    quantity: toDecimalString(leg.quantity),
    pricePerCoin: leg.price === null ? null : toDecimalString(leg.price.mul(rate).toDecimalPlaces(18)),
    // A fee in a third currency stays in it (the books value it); one in the price's currency converts with it.
    fee: leg.feeCurrency ? toDecimalString(fee) : toDecimalString(fee.mul(rate).toDecimalPlaces(18)),
    feeCurrency: leg.feeCurrency ? leg.feeCurrency.toLowerCase() : null,
    executedAt: leg.date,
    note: leg.note,
    rewardKind: leg.rewardKind ?? null,
    outsideRef: leg.outsideRef ?? '',
  };
}
