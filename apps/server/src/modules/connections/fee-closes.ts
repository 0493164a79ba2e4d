import { Dec } from '@app/core';
import { closeOn, dailyRates } from '../ledger/index.ts';
import type { DailyClosesCache, MarketReader } from '../market/index.ts';
import type { CloseOn } from './sync-booking.ts';
import type { SourcedMovement } from './wallet-snapshot.ts';

/** The stored daily closes, the same ones fees, tax and the dashboard value rows with. */
export type DayCloses = DailyClosesCache;

/**
 * Closes of `coins` in `currency`, real history only: in demo mode the closes are simulated, and
 * a booked sale at a simulated price would be an invention. A day without a close in that
 * currency takes the US-dollar close at that day's rate (the refresher keeps US-dollar history).
 */
export async function closesIn(
  closes: DayCloses,
  market: Pick<MarketReader, 'describe'>,
  coins: readonly string[],
  currency: string,
): Promise<CloseOn> {
  if (coins.length === 0 || market.describe().mode !== 'live') return () => null;
  const none = () => new Map();
  const direct = await closes.get(coins, currency).catch(none);
  if (currency === 'usd') return (coinId, at) => closeOn(direct.get(coinId), at.toISOString());
  const usd = await closes.get(coins, 'usd').catch(none);
  const rates = await dailyRates(closes, currency, ['usd']);
  return (coinId, at) => {
    const day = at.toISOString();
    const own = closeOn(direct.get(coinId), day);
    if (own !== null) return own;
    const close = closeOn(usd.get(coinId), day);
    const rate = rates.rateOn('usd', day);
    return close === null || rate === null ? null : new Dec(close).mul(rate).toDecimalPlaces(18).toFixed();
  };
}

/**
 * Closes for the coins of these movements' fees (a fee is a disposal at the day's close), and of
 * `alsoCoins`: the coins of fees booked earlier at no known value, priced once their close exists.
 */
export async function feeCloses(
  closes: DayCloses,
  market: Pick<MarketReader, 'describe'>,
  movements: readonly SourcedMovement[],
  currency: string,
  alsoCoins: readonly string[] = [],
): Promise<CloseOn> {
  const coins = [
    ...new Set([
      ...movements.flatMap((m) => (m.kind === 'fee' && m.coinId !== null ? [m.coinId] : [])),
      ...alsoCoins,
    ]),
  ];
  return closesIn(closes, market, coins, currency);
}

/** One coin's close on the day of `at` in `currency`; null when there is none. */
export async function dayClose(
  closes: DayCloses,
  market: Pick<MarketReader, 'describe'>,
  coinId: string,
  currency: string,
  at: Date,
): Promise<string | null> {
  return (await closesIn(closes, market, [coinId], currency))(coinId, at);
}
