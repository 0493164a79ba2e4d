import type { MarketMode } from '@app/contracts';
import { type DailyCandle, type DailyCloseSeries, dayMs, dayStartMs, utcDay } from '@app/core';
import type { Db } from '../../db/client.ts';
import {
  backfillDailyCandles,
  type CandleStore,
  isUpstreamError,
  type MarketDataProvider,
} from '../../integrations/market-data/index.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  candleCoverage,
  lastCandleDay,
  readCandles,
  readFirstStoredDays,
  readStoredCloses,
  type StoredCloses,
  upsertCandles,
} from './market-cache.repository.ts';
import { errorText, type MarketLogger } from './market-state.ts';

/** Days a demo backfill asks of the snapshot: more than it holds, so it answers all of it. */
const demoHistoryDays = 3650;

type CandlesWritten = (coinId: string, vs: string) => void;

/**
 * Per database, the in-memory closes caches of this process, told when candles are written: a
 * cache that looked for a coin before its history was stored (a chart opened after a preview asked
 * for a rate) would otherwise keep answering "none" until its next recheck.
 */
const closesCachesByDb = new WeakMap<object, Set<CandlesWritten>>();

function onCandlesWritten(db: Db, listener: CandlesWritten): void {
  let listeners = closesCachesByDb.get(db);
  if (!listeners) {
    listeners = new Set();
    closesCachesByDb.set(db, listeners);
  }
  listeners.add(listener);
}

function candlesWritten(db: Db, coinId: string, vs: string): void {
  for (const listener of closesCachesByDb.get(db) ?? []) listener(coinId, vs);
}

/**
 * Daily candles kept in the database and back-filled incrementally: a cold coin waits for
 * one history download; afterwards requests read the table and top-ups run in the background
 * or in the refresher. Alerts, indicators and the OHLC route all read these same rows.
 */
export function createCandles(deps: {
  db: Db;
  provider: MarketDataProvider;
  clock: Clock;
  logger?: MarketLogger | undefined;
  /** How far back a first backfill of live data reaches (CoinGecko's free plan: 365 days). */
  historyDays: number;
  /** The server's market mode: reads see demo rows only in demo mode, real rows only when live. */
  mode: () => MarketMode;
}) {
  const inFlight = new Map<string, Promise<void>>();
  const store: CandleStore = {
    getLastDay: (coinId, vs) => lastCandleDay(deps.db, deps.mode(), coinId, vs),
    putDays: async (coinId, vs, candles, provenance) => {
      await upsertCandles(deps.db, coinId, vs, candles, provenance);
      candlesWritten(deps.db, coinId, vs);
    },
  };

  function backfill(coinId: string, vs: string): Promise<void> {
    const key = `${deps.mode()}:${coinId}:${vs}`;
    const running = inFlight.get(key);
    if (running) return running;
    const run = backfillDailyCandles({
      provider: deps.provider,
      store,
      coinId,
      vsCurrency: vs,
      now: deps.clock(),
      // Demo rows come from the bundled snapshot, which holds more than a year: ALL must show all
      // of it whatever limit the live provider has (the snapshot stops at its own first day).
      maxHistoryDays: deps.mode() === 'demo' ? Math.max(deps.historyDays, demoHistoryDays) : deps.historyDays,
    })
      .then(() => undefined)
      .finally(() => inFlight.delete(key));
    inFlight.set(key, run);
    return run;
  }

  function yesterday(): string {
    return utcDay(dayStartMs(utcDay(deps.clock().getTime())) - dayMs);
  }

  /**
   * Makes sure candles exist. With none stored it waits for the download (a cold chart);
   * with an out-of-date copy it answers at once and tops up in the background.
   */
  async function ensure(coinId: string, vs: string): Promise<void> {
    const last = await lastCandleDay(deps.db, deps.mode(), coinId, vs);
    if (last === null) {
      await backfill(coinId, vs);
      return;
    }
    if (last < yesterday()) {
      backfill(coinId, vs).catch((error: unknown) =>
        deps.logger?.warn({ err: errorText(error), coinId, vs }, 'candle top-up failed'),
      );
    }
  }

  /** Completed days only, oldest first; `days` null means all stored history. */
  async function read(coinId: string, vs: string, days: number | null): Promise<DailyCandle[]> {
    try {
      await ensure(coinId, vs);
    } catch (error) {
      if (isUpstreamError(error) && error.kind === 'not_found') throw error;
      // Upstream trouble: whatever is stored is still the best answer.
      deps.logger?.warn({ err: errorText(error), coinId, vs }, 'candle backfill failed');
    }
    return readCandles(deps.db, deps.mode(), coinId, vs, utcDay(deps.clock().getTime()), days);
  }

  /**
   * The refresher's share of the work: top up coins already stored (oldest first), then
   * start new ones from the given ranking, at most `budget` upstream calls per run.
   */
  async function topUp(rankedIds: readonly string[], budget: number): Promise<number> {
    if (budget <= 0) return 0;
    const coverage = await candleCoverage(deps.db, deps.mode(), 'usd');
    const due = yesterday();
    const stale = [...coverage].filter(([, last]) => last < due).map(([id]) => id);
    const fresh = rankedIds.filter((id) => !coverage.has(id));
    let calls = 0;
    for (const id of [...stale, ...fresh]) {
      if (calls >= budget) break;
      calls += 1;
      try {
        await backfill(id, 'usd');
      } catch (error) {
        deps.logger?.warn({ err: errorText(error), coinId: id }, 'candle top-up failed');
        if (isUpstreamError(error) && error.transient) break;
      }
    }
    return calls;
  }

  return { ensure, read, topUp };
}

export type Candles = ReturnType<typeof createCandles>;

/**
 * Every stored coin's daily closes in memory, one Float64Array per coin and currency (small: a
 * number per day), so a portfolio chart over many coins reads memory instead of a row per coin
 * and day. Loaded in one query per currency (at start for usd), then kept current:
 * a coin whose last close is older than yesterday is re-read (days after it only) at most once
 * per `recheckMs`, and coins with no close at all are looked for again on the same schedule.
 * Up-to-date coins are checked on that schedule too for older days stored since (history
 * backfilled from Binance), and re-read whole when there are some.
 */
export interface DailyClosesCache {
  /** Forward-filled closes of the coins that have stored candles in `vs`; other coins are absent. */
  get(coinIds: readonly string[], vs: string): Promise<Map<string, DailyCloseSeries>>;
  /** Starts (or joins) the one-query load of every stored coin in `vs`. */
  preload(vs: string): Promise<void>;
}

interface CachedCloses {
  series: DailyCloseSeries;
  lastDay: number;
  checkedAt: number;
}

interface CurrencyCloses {
  coins: Map<string, CachedCloses>;
  /** When a coin without closes was last looked for. */
  absent: Map<string, number>;
  loaded: Promise<void> | null;
}

export function createDailyClosesCache(deps: {
  db: Db;
  clock: Clock;
  recheckMs?: number;
  /** The server's market mode; when it changes (demo -> live) everything cached is dropped. */
  mode?: () => MarketMode;
}): DailyClosesCache {
  const recheckMs = deps.recheckMs ?? 60_000;
  const currencies = new Map<string, CurrencyCloses>();
  const modeNow = deps.mode ?? (() => 'live' as const);
  let cachedMode = modeNow();

  function stateOf(vs: string): CurrencyCloses {
    const mode = modeNow();
    if (mode !== cachedMode) {
      // Closes read in demo mode are simulated; none of them may survive the switch.
      currencies.clear();
      cachedMode = mode;
    }
    let state = currencies.get(vs);
    if (!state) {
      state = { coins: new Map(), absent: new Map(), loaded: null };
      currencies.set(vs, state);
    }
    return state;
  }

  onCandlesWritten(deps.db, (coinId, vs) => {
    // A coin found to have no closes is looked for again on the next read, whatever the recheck
    // schedule says. A series already held keeps its schedule: its newer days come on the recheck,
    // as for any coin, so a read in between sees the same series as the reads before it.
    currencies.get(vs)?.absent.delete(coinId);
  });

  function merge(state: CurrencyCloses, stored: Map<string, StoredCloses>, checkedAt: number): void {
    for (const [coinId, rows] of stored) {
      const current = state.coins.get(coinId);
      const next = current ? extend(current.series, rows) : build(rows);
      if (!next) continue;
      state.coins.set(coinId, {
        series: next,
        lastDay: next.firstDay + next.closes.length - 1,
        checkedAt,
      });
      state.absent.delete(coinId);
    }
  }

  function load(vs: string): Promise<void> {
    const state = stateOf(vs);
    state.loaded ??= (async () => {
      const startedAt = deps.clock().getTime();
      merge(state, await readStoredCloses(deps.db, cachedMode, vs, null, null), startedAt);
    })().catch((error: unknown) => {
      state.loaded = null;
      throw error;
    });
    return state.loaded;
  }

  return {
    preload: load,

    async get(coinIds, vs) {
      await load(vs);
      const state = stateOf(vs);
      const now = deps.clock().getTime();
      const yesterday = Math.floor(now / dayMs) - 1;
      const recheck: string[] = [];
      const due: string[] = [];
      let after: number | null = Number.POSITIVE_INFINITY;
      for (const id of new Set(coinIds)) {
        const cached = state.coins.get(id);
        if (cached) {
          if (now - cached.checkedAt >= recheckMs) due.push(id);
        } else {
          const lookedAt = state.absent.get(id);
          if (lookedAt !== undefined && now - lookedAt < recheckMs) continue;
          recheck.push(id);
          after = null;
        }
      }
      // Older days stored since (history backfilled from a second provider): re-read the coin whole.
      const firsts = await readFirstStoredDays(deps.db, cachedMode, vs, due);
      for (const id of due) {
        const cached = state.coins.get(id);
        if (!cached) continue;
        const first = firsts.get(id);
        if (first !== undefined && first < cached.series.firstDay) {
          state.coins.delete(id);
          recheck.push(id);
          after = null;
        } else if (cached.lastDay >= yesterday) {
          cached.checkedAt = now;
        } else {
          recheck.push(id);
          if (after !== null) after = Math.min(after, cached.lastDay);
        }
      }
      if (recheck.length > 0) {
        const stored = await readStoredCloses(deps.db, cachedMode, vs, recheck, after);
        merge(state, stored, now);
        for (const id of recheck) {
          const cached = state.coins.get(id);
          if (cached) cached.checkedAt = now;
          else state.absent.set(id, now);
        }
      }
      const out = new Map<string, DailyCloseSeries>();
      for (const id of coinIds) {
        const cached = state.coins.get(id);
        if (cached) out.set(id, cached.series);
      }
      return out;
    },
  };
}

/** Closes laid out one slot per day from the first stored day; a missing day repeats the last close. */
function build(rows: StoredCloses): DailyCloseSeries | null {
  const firstDay = rows.days[0];
  const lastDay = rows.days[rows.days.length - 1];
  if (firstDay === undefined || lastDay === undefined) return null;
  const closes = new Float64Array(lastDay - firstDay + 1);
  fill(closes, firstDay, rows, Number.NaN);
  return { firstDay, closes };
}

/** The cached series plus the days after its end (earlier days never change once stored). */
function extend(series: DailyCloseSeries, rows: StoredCloses): DailyCloseSeries {
  const lastDay = series.firstDay + series.closes.length - 1;
  const newest = rows.days[rows.days.length - 1];
  if (newest === undefined || newest <= lastDay) return series;
  const closes = new Float64Array(newest - series.firstDay + 1);
  closes.set(series.closes);
  const later = { days: [] as number[], closes: [] as number[] };
  rows.days.forEach((day, i) => {
    if (day > lastDay) {
      later.days.push(day);
      later.closes.push(rows.closes[i] ?? Number.NaN);
    }
  });
  fill(closes, series.firstDay, later, series.closes[series.closes.length - 1] ?? Number.NaN, lastDay + 1);
  return { firstDay: series.firstDay, closes };
}

function fill(
  closes: Float64Array,
  firstDay: number,
  rows: StoredCloses,
  carried: number,
  fromDay: number = firstDay,
): void {
  let last = carried;
  let next = 0;
  for (let day = fromDay; day < firstDay + closes.length; day++) {
    if (rows.days[next] === day) {
      last = rows.closes[next] ?? last;
      next++;
    }
    closes[day - firstDay] = last;
  }
}
