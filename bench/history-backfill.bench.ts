// Backfill of five years of daily candles for 100 coins from the fake Binance server (the
// documented protocol on 127.0.0.1), through the real client and into a migrated PGlite (or
// BENCH_DATABASE_URL): prints wall time, requests and request weight against Binance's
// documented limits. Run: node --import tsx bench/history-backfill.bench.ts
import { type DailyCandle, dayMs, utcDay } from '@app/core';
import { sql } from 'drizzle-orm';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import {
  BinanceMarketData,
  binanceWeights,
} from '../apps/server/src/integrations/market-data/binance/binance-market-data.ts';
import {
  binanceDefaultWeightPerMinute,
  binanceDocumentedWeightPerMinute,
} from '../apps/server/src/integrations/market-data/binance/http-client.ts';
import { binanceSymbolTable } from '../apps/server/src/integrations/market-data/binance/symbols.ts';
import { startFakeBinance } from '../apps/server/src/integrations/market-data/test/fake-binance.ts';
import {
  planHistoryRanges,
  putSecondaryCandles,
  readSeriesBounds,
} from '../apps/server/src/modules/market-history/index.ts';

const coins = Object.keys(binanceSymbolTable).slice(0, Number(process.env.BENCH_HISTORY_COINS ?? 100));
const years = Number(process.env.BENCH_HISTORY_YEARS ?? 5);

async function seedPrimary(database: Database, today: number): Promise<void> {
  // CoinGecko's 365 days, already stored: the seam every older segment stitches to.
  const days: string[] = [];
  for (let d = today - 365; d < today; d++) days.push(utcDay(d * dayMs));
  for (const coinId of coins) {
    await database.db.execute(sql`
      insert into daily_candles (coin_id, vs_currency, day, open, high, low, close, source, fetched_at)
      select ${coinId}, 'usd', d::date, 1, 1, 1, 1, 'coingecko', now()
      from unnest(${`{${days.join(',')}}`}::text[]) as d
      on conflict do nothing`);
  }
}

export async function benchHistoryBackfill(): Promise<void> {
  const now = Date.now();
  const today = Math.floor(now / dayMs);
  const fake = await startFakeBinance();
  const database = process.env.BENCH_DATABASE_URL
    ? await openPostgres(process.env.BENCH_DATABASE_URL)
    : await openPglite();
  try {
    await migrateDatabase(database);
    await database.db.execute(
      sql`delete from daily_candles where coin_id = any(${`{${coins.join(',')}}`}::text[])`,
    );
    await seedPrimary(database, today);
    const binance = new BinanceMarketData({
      baseUrl: fake.baseUrl,
      weightPerMinute: binanceDefaultWeightPerMinute,
    });
    const wantFrom = utcDay((today - Math.round(years * 365.25)) * dayMs);

    const started = performance.now();
    let fetchMs = 0;
    let stored = 0;
    const bounds = await readSeriesBounds(database.db, 'usd', coins);
    for (const coinId of coins) {
      for (const range of planHistoryRanges(bounds.get(coinId), wantFrom)) {
        const t0 = performance.now();
        const got = await binance.dailyCandles(coinId, range.from, range.to);
        fetchMs += performance.now() - t0;
        stored += await putSecondaryCandles(
          database.db,
          coinId,
          'usd',
          got.candles as DailyCandle[],
          new Date(),
        );
      }
    }
    const totalMs = performance.now() - started;
    const { requests, weight } = binance.http.limiter.totals;
    const check = await readSeriesBounds(database.db, 'usd', coins);
    const seamOk = coins.every((id) => {
      const b = check.get(id);
      return (
        b?.lastSecondary !== null &&
        b?.firstPrimary !== null &&
        Date.parse(b?.firstPrimary ?? '') - Date.parse(b?.lastSecondary ?? '') === dayMs
      );
    });

    console.log(
      `\nhistory backfill from Binance (fake, 127.0.0.1): ${coins.length} coins x ${years} years below a 365-day CoinGecko segment (${database.kind})`,
    );
    console.log('| figure | value |');
    console.log('|---|---:|');
    console.log(`| candles stored | ${stored} |`);
    console.log(`| wall time | ${(totalMs / 1000).toFixed(2)} s |`);
    console.log(`| of which HTTP + parsing | ${(fetchMs / 1000).toFixed(2)} s |`);
    console.log(`| requests (klines, 1,000 days each) | ${requests} |`);
    console.log(`| request weight (klines = ${binanceWeights.klines}) | ${weight} |`);
    console.log(
      `| weight budget per minute (default BINANCE_WEIGHT_PER_MINUTE) | ${binanceDefaultWeightPerMinute} |`,
    );
    console.log(`| Binance's documented limit per IP per minute | ${binanceDocumentedWeightPerMinute} |`);
    console.log(
      `| share of one minute's documented limit | ${((100 * weight) / binanceDocumentedWeightPerMinute).toFixed(1)} % |`,
    );
    console.log(`| fake server's X-MBX weight seen | ${fake.usedWeight()} |`);
    console.log(`| in the app (100 weight per refresh step) | ${Math.ceil(weight / 100)} refreshes |`);
    console.log(`| every seam: last Binance day = first CoinGecko day - 1 | ${seamOk ? 'yes' : 'NO'} |`);
  } finally {
    await database.close();
    await fake.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchHistoryBackfill();
