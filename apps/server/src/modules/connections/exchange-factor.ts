import { bestKnownCoinId, type CurrencyFactor, isFiat } from '@app/core';
import type { ExchangeMovement, ExchangeTrade } from '../../integrations/exchanges/index.ts';
import { dailyRates } from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import { closesIn, type DayCloses } from './fee-closes.ts';
import type { CloseOn } from './sync-booking.ts';

/**
 * The day values a batch of exchange records needs, read before the booking's transaction (the
 * ledger's write does no market reads): rates into the portfolio's currency for the other fiat
 * currencies its trades were priced in, and day closes of the coins that priced a trade, paid a
 * fee or came as a reward. Real history only: in demo mode every one is unknown, so what needs
 * one waits rather than being booked at a simulated price.
 */
export async function exchangeDayValues(
  closes: DayCloses,
  market: Pick<MarketReader, 'describe'>,
  records: { trades: readonly ExchangeTrade[]; movements: readonly ExchangeMovement[] },
  currency: string,
): Promise<{ factor: CurrencyFactor; closeOn: CloseOn }> {
  const to = currency.toLowerCase();
  const fiats = new Set<string>();
  const coins = new Map<string, string>();
  const note = (code: string) => {
    const upper = code.toUpperCase();
    if (upper === to.toUpperCase()) return;
    if (isFiat(upper)) fiats.add(upper.toLowerCase());
    else {
      const id = bestKnownCoinId(upper);
      if (id !== null) coins.set(upper, id);
    }
  };
  for (const t of records.trades) {
    note(t.quote);
    for (const f of t.fees) note(f.currency);
  }
  for (const m of records.movements) {
    note(m.currency);
    if (m.fee) note(m.fee.currency);
  }
  const live = market.describe().mode === 'live';
  const closeOn = await closesIn(closes, market, [...new Set(coins.values())], to);
  const rates = live && fiats.size > 0 ? await dailyRates(closes, to, [...fiats]) : null;
  const factor: CurrencyFactor = (code, at) => {
    const upper = code.toUpperCase();
    if (upper === to.toUpperCase()) return '1';
    if (isFiat(upper)) return rates?.rateOn(upper.toLowerCase(), at) ?? null;
    const id = coins.get(upper);
    return id === undefined ? null : closeOn(id, new Date(at));
  };
  return { factor, closeOn };
}
