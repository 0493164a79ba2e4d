import {
  type AlertEventPayload,
  type BaseCurrency,
  hasPriceThreshold,
  type MarketSource,
} from '@app/contracts';
import { computeIndicatorSnapshot, evaluateAlert, type IndicatorSnapshot } from '@app/core';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { baseCurrenciesOf } from '../delivery/index.ts';
import type { MarketReader } from '../market/index.ts';
import { type AlertSource, createAlertCache } from './alert-cache.ts';
import {
  type EngineAlert,
  type FiringToWrite,
  resetAlertStates,
  type StateUpdate,
  type WrittenNotice,
  writeEngineStatus,
} from './alert-engine.repository.ts';
import { createPreviousAlertSource, writePreviousTickResults } from './alert-engine-previous.ts';
import { alertCurrency } from './alert-history.ts';
import { defaultWriteBatch, writeTickResults } from './alert-writes.ts';

export interface AlertEngineTick {
  alerts: number;
  coins: number;
  /** Alerts that had every operand (the rest wait for data or their coin left the market). */
  evaluated: number;
  fired: number;
  notifications: number;
  ms: number;
  /** Set when the tick evaluated nothing because the market copy is stale (a provider outage). */
  skipped?: 'stale';
}

export interface AlertEngine {
  /** One evaluation of every active alert against the current market. */
  tick(): Promise<AlertEngineTick>;
}

export interface AlertEngineDeps {
  db: Db;
  /** With the cached market's switch hook, states learnt from demo prices are forgotten at the switch. */
  market: MarketReader & { inSwitchToLive?: (listener: (tx: Db) => Promise<void>) => void };
  bus: EventBus;
  clock: Clock;
  /** Daily-close reads run this many at a time (the cached reader answers from memory). */
  concurrency?: number;
  /** Reload every alert from the database every this many ticks (a safety net for the delta reads). */
  fullReloadEvery?: number;
  /** After this long without a tick (leadership moved away and back), start from a full reload. */
  maxIdleMs?: number;
  /** Absolute links in delivered messages (PUBLIC_URL). */
  publicUrl?: string;
  /** Internal: state changes, with their firings, per write statement (1: each on its own). */
  writeBatch?: number;
  /**
   * Internal: read and write as the engine did before batching (alert-engine-previous.ts), for
   * the bench's side-by-side figures and the tests that compare the rows both write.
   */
  previousPath?: boolean;
}

/**
 * Each firing user's base currency and its units per US dollar now, so the notification
 * is written in that currency at firing (the operands keep the US-dollar values compared).
 */
async function currenciesAtFiring(
  deps: AlertEngineDeps,
  userIds: readonly string[],
  usdRates: () => Promise<Record<string, number>>,
): Promise<Map<string, { code: string; rate: number }>> {
  const out = new Map<string, { code: string; rate: number }>();
  if (userIds.length === 0) return out;
  const [codes, rates] = await Promise.all([baseCurrenciesOf(deps.db, userIds), usdRates()]);
  for (const id of userIds) {
    const code = codes.get(id) ?? 'usd';
    const rate = code === 'usd' ? 1 : rates[code];
    out.set(
      id,
      typeof rate === 'number' && Number.isFinite(rate) && rate > 0
        ? { code, rate }
        : { code: 'usd', rate: 1 },
    );
  }
  return out;
}

/** Runs `fn` over items with at most `limit` in flight. */
async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The alert engine: after each market refresh it computes each needed
 * indicator once per (coin, metric, period) from the stored daily closes plus the current price,
 * evaluates every active alert with core's firing rules, and writes the state changes and one
 * notification per firing, with its outbox rows, in a single transaction, then publishes the
 * notifications. A coin missing from the market (removed, or no price) yields no snapshot: its
 * alerts keep their state and never fire on a half-computed value.
 */
export function createAlertEngine(deps: AlertEngineDeps): AlertEngine {
  // Inside the switch's transaction, and the revision bump makes every engine re-read its alerts.
  deps.market.inSwitchToLive?.(resetAlertStates);
  const cacheOptions = {
    fullReloadEvery: deps.fullReloadEvery ?? 30,
    maxIdleMs: deps.maxIdleMs ?? 10 * 60_000,
  };
  const cache: AlertSource = deps.previousPath
    ? createPreviousAlertSource(deps.db, cacheOptions)
    : createAlertCache(deps.db, cacheOptions);
  const publicUrl = deps.publicUrl ?? '';
  const write = (tx: Db, updates: readonly StateUpdate[], firings: readonly FiringToWrite[]) =>
    deps.previousPath
      ? writePreviousTickResults(tx, updates, firings, publicUrl)
      : writeTickResults(tx, updates, firings, {
          publicUrl,
          batchSize: deps.writeBatch ?? defaultWriteBatch,
        });

  /** The engine's last run, for the alert list; a failed write only loses the label. */
  async function record(status: 'evaluated' | 'skipped_stale', data: MarketSource, at: Date): Promise<void> {
    await writeEngineStatus(deps.db, {
      status,
      at: at.toISOString(),
      data_as_of: data.as_of,
      source: data.source,
      mode: data.mode,
    }).catch(() => undefined);
  }

  return {
    async tick() {
      const started = performance.now();
      // Alerts decide sells: they never run on an old copy kept through an outage. The state
      // stays as the last fresh tick left it, so a crossing during the outage fires once, later.
      const data = deps.market.describe();
      if (data.stale) {
        await record('skipped_stale', data, deps.clock());
        return { alerts: 0, coins: 0, evaluated: 0, fired: 0, notifications: 0, ms: 0, skipped: 'stale' };
      }
      const demo = data.mode === 'demo';
      const active = await cache.load(deps.clock().getTime());
      const coins = [...active.coins.keys()];
      const quotes = coins.length > 0 ? await deps.market.getQuotes(coins, alertCurrency) : new Map();

      const snapshots = new Map<string, IndicatorSnapshot>();
      await forEachLimited(coins, deps.concurrency ?? 16, async (coin) => {
        const price = quotes.get(coin)?.current_price;
        if (typeof price !== 'number' || !Number.isFinite(price)) return;
        const group = active.coins.get(coin);
        const needed = group?.requests ?? [];
        const closes =
          needed.length === 0
            ? []
            : (
                await deps.market
                  .getDailyCloses(coin, group?.historyDays ?? 0, alertCurrency)
                  .catch(() => null)
              )?.closes;
        if (closes === undefined) return;
        snapshots.set(coin, computeIndicatorSnapshot(closes, price, needed));
      });

      // Price thresholds in another currency: each coin's price in it, once per coin and currency,
      // at the stored US-dollar rates (one read per tick, and only when such alerts exist).
      let ratesRead: Promise<Record<string, number>> | null = null;
      const usdRatesOnce = () =>
        (ratesRead ??= deps.market.getUsdRates().catch(() => ({}) as Record<string, number>));
      const wanted = new Set<string>();
      for (const group of active.coins.values()) for (const c of group.currencies) wanted.add(c);
      const usdRates = wanted.size > 0 ? await usdRatesOnce() : ({} as Record<string, number>);
      const inCurrency = (snapshot: IndicatorSnapshot, currencies: readonly string[]) => {
        const out = new Map<string, IndicatorSnapshot>();
        const usd = snapshot.get('price');
        for (const c of currencies) {
          const rate = usdRates[c];
          // No rate for it now: its alerts wait, keeping their state, rather than compare dollars.
          if (typeof usd !== 'number' || typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0)
            continue;
          out.set(c, new Map([['price', usd * rate]]));
        }
        return out;
      };

      const now = deps.clock();
      const updates: StateUpdate[] = [];
      const firings: FiringToWrite[] = [];
      const evaluatedAlerts = new Map<string, EngineAlert>();
      let evaluated = 0;
      for (const [coin, group] of active.coins) {
        const snapshot = snapshots.get(coin);
        if (!snapshot) continue;
        const priced = group.currencies.length > 0 ? inCurrency(snapshot, group.currencies) : null;
        for (const alert of group.alerts) {
          const foreign = alert.currency !== alertCurrency && priced !== null && hasPriceThreshold(alert);
          const seen = foreign ? priced.get(alert.currency) : snapshot;
          if (!seen) continue;
          const state = { last: alert.stateLast, lastStrict: alert.stateLastStrict };
          const result = evaluateAlert(alert, seen, state);
          if (!result.evaluated) continue;
          evaluated += 1;
          const changed = result.state.last !== state.last || result.state.lastStrict !== state.lastStrict;
          if (changed || result.fired) {
            updates.push({
              id: alert.id,
              version: alert.version,
              last: result.state.last,
              lastStrict: result.state.lastStrict,
              firedAt: result.fired ? now : null,
            });
            evaluatedAlerts.set(alert.id, alert);
          }
          if (result.fired && result.payload) {
            // A notification made from simulated prices says so, and one compared in another
            // currency than dollars says which.
            let payload: AlertEventPayload = demo ? { ...result.payload, demo: true } : result.payload;
            if (foreign) payload = { ...payload, values_currency: alert.currency as BaseCurrency };
            firings.push({
              alertId: alert.id,
              version: alert.version,
              payload,
              at: now,
              userId: alert.userId,
              coinId: alert.coinId,
              channelIds: alert.channelIds,
            });
          }
        }
      }
      if (firings.length > 0) {
        const currencies = await currenciesAtFiring(
          deps,
          [...new Set(firings.map((f) => f.userId))],
          usdRatesOnce,
        );
        for (const f of firings) {
          const currency = currencies.get(f.userId);
          if (currency)
            f.payload = { ...f.payload, currency: currency as NonNullable<AlertEventPayload['currency']> };
        }
      }

      let written: WrittenNotice[] = [];
      if (updates.length > 0 || firings.length > 0) {
        try {
          written = await deps.db.transaction((tx) => write(tx, updates, firings));
        } catch (error) {
          cache.invalidate();
          throw error;
        }
        // The cache now matches what was written (rows edited meanwhile come back by revision).
        for (const u of updates) {
          const alert = evaluatedAlerts.get(u.id);
          if (alert && alert.version === u.version) {
            alert.stateLast = u.last;
            alert.stateLastStrict = u.lastStrict;
          }
        }
      }
      await record('evaluated', data, now);
      // After the commit, so a client that hears the event can already read the row.
      await deps.bus.publishAll(
        written.map((n) => ({ type: 'notification', userId: n.userId, notificationId: n.id })),
      );
      return {
        alerts: active.count,
        coins: coins.length,
        evaluated,
        fired: firings.length,
        notifications: written.length,
        ms: performance.now() - started,
      };
    },
  };
}
