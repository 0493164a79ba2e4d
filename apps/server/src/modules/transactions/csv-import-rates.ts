import { type CsvImportRow, type CsvRowNeedingRate, decimalLimits, type MarketMode } from '@app/contracts';
import { Dec, duplicateKey, usdStablecoins } from '@app/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { dailyRates, downloadHistory, rateReferenceCoin } from '../ledger/index.ts';
import type { DailyClosesCache, MarketReader } from '../market/index.ts';

/*
 * A file priced in another fiat currency than its portfolio's: each row is converted at the
 * stored rate of its own UTC day (the same daily rates the tax report converts with), never at
 * today's. A day without one leaves the row unconverted and listed as needing a rate, while the
 * missing history downloads in the background for a later preview.
 */

/** The fiat currency a row's prices are stated in, when it is another than the portfolio's. */
function foreignQuote(row: CsvImportRow, currency: string, isFiat: (code: string) => boolean): string | null {
  const quote = row.price_currency?.toUpperCase() ?? null;
  if (quote === null || quote === currency) return null;
  // A dollar stablecoin quote is read as US dollars.
  const fiat = usdStablecoins.has(quote) ? 'USD' : quote;
  if (fiat === currency || !isFiat(fiat)) return null;
  return fiat;
}

/** Only a stated amount is in a currency: an unknown or zero price and no fee need no rate. */
function statesAmounts(row: CsvImportRow): boolean {
  const t = row.transaction;
  return (t.price_per_coin !== null && !isZero(t.price_per_coin)) || !isZero(t.fee);
}

function isZero(value: string): boolean {
  return /^0*(\.0*)?$/.test(value);
}

function utcDayOf(date: string): string {
  return new Date(date).toISOString().slice(0, 10);
}

/**
 * Who stored the reference closes a day's rate was read from: per currency and day, the source of
 * the latest stored close on or before it (the closes are carried forward over gaps).
 */
async function rateSources(
  db: Db,
  mode: MarketMode,
  pairs: readonly { vs: string; day: string }[],
): Promise<Map<string, string>> {
  if (pairs.length === 0) return new Map();
  const result = await db.execute(sql`
    select u.vs, u.d,
      (select c.source from daily_candles c
        where c.coin_id = ${rateReferenceCoin} and c.vs_currency = u.vs and c.day <= u.d::date
          and ${mode === 'demo' ? sql`c.source = 'demo'` : sql`c.source <> 'demo'`}
        order by c.day desc limit 1) as source
    from unnest(string_to_array(${pairs.map((p) => p.vs).join(',')}, ','),
                string_to_array(${pairs.map((p) => p.day).join(',')}, ',')) as u(vs, d)`);
  const out = new Map<string, string>();
  for (const row of rowsOf(result))
    if (typeof row.source === 'string') out.set(`${String(row.vs)}:${String(row.d)}`, row.source);
  return out;
}

/** Describes the sources of a rate's two closes: one name when they agree, else both. */
function combined(a: string | undefined, b: string | undefined, mode: MarketMode): string {
  if (mode === 'demo') return 'demo';
  const names = [...new Set([a, b].filter((s): s is string => s !== undefined))];
  return names.length === 0 ? 'unknown' : names.join('+');
}

/**
 * Converts, in place, the rows priced in another fiat currency than `currency` (upper case) that
 * state an amount; returns the rows that could not be converted for want of their day's rate.
 */
export async function convertForeignRows(
  deps: {
    db: Db;
    closes: DailyClosesCache;
    market: Pick<MarketReader, 'getDailyCloses' | 'describe'>;
    nowMs: number;
    isFiat: (code: string) => boolean;
  },
  rows: readonly CsvImportRow[],
  currency: string,
): Promise<CsvRowNeedingRate[]> {
  const foreign = rows.flatMap((row) => {
    const from = foreignQuote(row, currency, deps.isFiat);
    return from !== null && statesAmounts(row) ? [{ row, from }] : [];
  });
  if (foreign.length === 0) return [];
  const to = currency.toLowerCase();
  const { market } = deps;
  const rates = await dailyRates(
    deps.closes,
    to,
    foreign.map((f) => f.from.toLowerCase()),
    (vs) => downloadHistory(market, rateReferenceCoin, vs, deps.nowMs),
    deps.nowMs,
  );
  const mode = market.describe().mode;
  const pairs = new Map<string, { vs: string; day: string }>();
  for (const { row, from } of foreign) {
    const day = utcDayOf(row.transaction.date);
    for (const vs of [from.toLowerCase(), to]) pairs.set(`${vs}:${day}`, { vs, day });
  }
  const sources = await rateSources(deps.db, mode, [...pairs.values()]);
  const needing: CsvRowNeedingRate[] = [];
  for (const { row, from } of foreign) {
    const t = row.transaction;
    const day = utcDayOf(t.date);
    const rate = rates.rateOn(from.toLowerCase(), new Date(t.date).toISOString());
    if (rate === null) {
      needing.push({ line: row.line, from, to: currency, day });
      continue;
    }
    // Kept within the column's scale: a small price times a rate has more fraction digits than a
    // transaction may carry, and the preview's rows must be valid transactions.
    const convert = (amount: string) =>
      new Dec(amount).mul(rate).toSignificantDigits(20).toDecimalPlaces(decimalLimits.scale).toFixed();
    const original = { price: t.price_per_coin, fee: t.fee };
    t.price_per_coin = original.price === null ? null : convert(original.price);
    // A fee in yet another currency keeps its own (the books value it at its day's rate).
    if (t.fee_currency === undefined && !isZero(original.fee)) t.fee = convert(original.fee);
    row.conversion = {
      from,
      to: currency,
      rate,
      day,
      source: combined(sources.get(`${from.toLowerCase()}:${day}`), sources.get(`${to}:${day}`), mode),
      original_price_per_coin: original.price,
      original_fee: original.fee,
    };
    if (row.price_currency?.toUpperCase() !== from)
      row.warnings.push(`Prices in ${row.price_currency?.toUpperCase()} are taken as ${from}`);
    row.price_currency = currency;
    row.duplicate_key = duplicateKey(t.date, t.type, row.symbol, t.quantity, t.price_per_coin);
  }
  return needing;
}
