import type { AlertEventPayload, MarketSource } from '@app/contracts';
import {
  computeIndicatorSnapshot,
  evaluateAlert,
  type IndicatorSnapshot,
  requiredIndicators,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { baseCurrenciesOf, fanOutDeliveries } from '../delivery/index.ts';
import type { MarketReader } from '../market/index.ts';
import {
  countAllActiveAlerts,
  type EngineAlert,
  type Firing,
  listActiveAlerts,
  listAlertsChangedSince,
  resetAlertStates,
  type StateUpdate,
  writeEngineResults,
  writeEngineStatus,
} from './alert-engine.repository.ts';
import { alertCurrency, historyDaysFor } from './alert-history.ts';

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
}

/**
 * Each firing user's base currency and its units per US dollar now, so the notification
 * is written in that currency at firing (the operands keep the US-dollar values compared).
 */
async function currenciesAtFiring(
  deps: AlertEngineDeps,
  userIds: readonly string[],
): Promise<Map<string, { code: string; rate: number }>> {
  const out = new Map<string, { code: string; rate: number }>();
  if (userIds.length === 0) return out;
  const [codes, rates] = await Promise.all([
    baseCurrenciesOf(deps.db, userIds),
    deps.market.getUsdRates().catch(() => ({}) as Record<string, number>),
  ]);
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

/**
 * The active alerts, kept between ticks. Loading 100k alerts with their jsonb operands takes
 * seconds, so after the first load only rows whose revision grew are read; a differing active
 * count (a delete), a failed write, a long pause or every Nth tick forces a full reload.
 */
function createAlertCache(db: Db, options: { fullReloadEvery: number; maxIdleMs: number }) {
  let byId: Map<string, EngineAlert> | null = null;
  let maxRevision = 0;
  let ticks = 0;
  let lastAt = 0;

  const track = (alert: EngineAlert) => {
    if (alert.revision > maxRevision) maxRevision = alert.revision;
  };

  async function full(): Promise<Map<string, EngineAlert>> {
    const rows = await listActiveAlerts(db);
    maxRevision = 0;
    byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) track(r);
    return byId;
  }

  return {
    async load(now: number): Promise<EngineAlert[]> {
      ticks += 1;
      const stale =
        byId === null || ticks % options.fullReloadEvery === 0 || now - lastAt > options.maxIdleMs;
      lastAt = now;
      let cache = byId;
      if (stale || cache === null) cache = await full();
      else {
        for (const row of await listAlertsChangedSince(db, maxRevision)) {
          track(row);
          if (row.active) cache.set(row.id, row);
          else cache.delete(row.id);
        }
        if ((await countAllActiveAlerts(db)) !== cache.size) cache = await full();
      }
      return [...cache.values()];
    },
    invalidate() {
      byId = null;
    },
  };
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
 * notification per firing in a single transaction, then publishes the notifications.
 * A coin missing from the market (removed, or no price) yields no snapshot: its alerts keep
 * their state and never fire on a half-computed value.
 */
export function createAlertEngine(deps: AlertEngineDeps): AlertEngine {
  // Inside the switch's transaction, and the revision bump makes every engine re-read its alerts.
  deps.market.inSwitchToLive?.(resetAlertStates);
  const cache = createAlertCache(deps.db, {
    fullReloadEvery: deps.fullReloadEvery ?? 30,
    maxIdleMs: deps.maxIdleMs ?? 10 * 60_000,
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
      const byCoin = new Map<string, EngineAlert[]>();
      for (const alert of active) {
        const list = byCoin.get(alert.coinId);
        if (list) list.push(alert);
        else byCoin.set(alert.coinId, [alert]);
      }
      const requests = requiredIndicators(
        active.map((a) => ({ coin_id: a.coinId, left: a.left, right: a.right })),
      );
      const coins = [...byCoin.keys()];
      const quotes = coins.length > 0 ? await deps.market.getQuotes(coins, alertCurrency) : new Map();

      const snapshots = new Map<string, IndicatorSnapshot>();
      await forEachLimited(coins, deps.concurrency ?? 16, async (coin) => {
        const price = quotes.get(coin)?.current_price;
        if (typeof price !== 'number' || !Number.isFinite(price)) return;
        const needed = requests.get(coin) ?? [];
        const closes =
          needed.length === 0
            ? []
            : (
                await deps.market
                  .getDailyCloses(coin, historyDaysFor(byCoin.get(coin) ?? []), alertCurrency)
                  .catch(() => null)
              )?.closes;
        if (closes === undefined) return;
        snapshots.set(coin, computeIndicatorSnapshot(closes, price, needed));
      });

      const now = deps.clock();
      const updates: StateUpdate[] = [];
      const firings: Firing[] = [];
      const firingUsers = new Map<string, string>();
      let evaluated = 0;
      for (const alert of active) {
        const snapshot = snapshots.get(alert.coinId);
        if (!snapshot) continue;
        const state = { last: alert.stateLast, lastStrict: alert.stateLastStrict };
        const result = evaluateAlert(alert, snapshot, state);
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
        }
        if (result.fired && result.payload) {
          // A notification made from simulated prices says so.
          const payload = demo ? { ...result.payload, demo: true } : result.payload;
          firings.push({ alertId: alert.id, version: alert.version, payload, at: now });
          firingUsers.set(alert.id, alert.userId);
        }
      }
      if (firings.length > 0) {
        const currencies = await currenciesAtFiring(deps, [...new Set(firingUsers.values())]);
        for (const f of firings) {
          const currency = currencies.get(firingUsers.get(f.alertId) ?? '');
          if (currency)
            f.payload = { ...f.payload, currency: currency as NonNullable<AlertEventPayload['currency']> };
        }
      }
      const channelIds = new Map(
        firings.length === 0
          ? []
          : active.filter((a) => firingUsers.has(a.id)).map((a) => [a.id, a.channelIds]),
      );

      let written: Awaited<ReturnType<typeof writeEngineResults>> = [];
      if (updates.length > 0 || firings.length > 0) {
        try {
          written = await deps.db.transaction(async (tx) => {
            const rows = await writeEngineResults(tx, updates, firings);
            // The deliveries commit with their notifications (the outbox).
            await fanOutDeliveries(tx, rows, channelIds, deps.publicUrl ?? '');
            return rows;
          });
        } catch (error) {
          cache.invalidate();
          throw error;
        }
        // The cache now matches what was written (rows edited meanwhile come back by revision).
        const byId = new Map(active.map((a) => [a.id, a]));
        for (const u of updates) {
          const alert = byId.get(u.id);
          if (alert && alert.version === u.version) {
            alert.stateLast = u.last;
            alert.stateLastStrict = u.lastStrict;
          }
        }
      }
      await record('evaluated', data, now);
      // After the commit, so a client that hears the event can already read the row.
      for (const n of written) {
        await deps.bus.publish({ type: 'notification', userId: n.userId, notificationId: n.id });
      }
      return {
        alerts: active.length,
        coins: coins.length,
        evaluated,
        fired: firings.length,
        notifications: written.length,
        ms: performance.now() - started,
      };
    },
  };
}
