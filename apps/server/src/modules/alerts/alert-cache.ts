import { hasPriceThreshold } from '@app/contracts';
import { type IndicatorRequest, requiredIndicators } from '@app/core';
import type { Db } from '../../db/client.ts';
import { type EngineAlert, readActiveAlerts, readAlertChanges } from './alert-engine.repository.ts';
import { alertCurrency, historyDaysFor } from './alert-history.ts';

/** One coin's active alerts with what the tick computes for them. */
export interface CoinAlerts {
  alerts: EngineAlert[];
  /** Each indicator the coin's alerts read, once (possibly none: price-only alerts). */
  requests: IndicatorRequest[];
  /** Daily closes the coin's indicators are fed. */
  historyDays: number;
  /** The currencies other than US dollars that the coin's price thresholds are in (usually none). */
  currencies: string[];
}

/** The active alerts a tick evaluates, grouped by coin. */
export interface AlertSet {
  count: number;
  coins: ReadonlyMap<string, CoinAlerts>;
}

export interface AlertSource {
  load(now: number): Promise<AlertSet>;
  /** The next load reads everything again (after a failed write, say). */
  invalidate(): void;
}

export function coinAlerts(coinId: string, alerts: EngineAlert[]): CoinAlerts {
  const requests =
    requiredIndicators(alerts.map((a) => ({ coin_id: coinId, left: a.left, right: a.right }))).get(coinId) ??
    [];
  const currencies = new Set<string>();
  for (const a of alerts)
    if (a.currency !== alertCurrency && hasPriceThreshold(a)) currencies.add(a.currency);
  return { alerts, requests, historyDays: historyDaysFor(alerts), currencies: [...currencies] };
}

export function groupByCoin(alerts: Iterable<EngineAlert>): Map<string, CoinAlerts> {
  const lists = new Map<string, EngineAlert[]>();
  for (const alert of alerts) {
    const list = lists.get(alert.coinId);
    if (list) list.push(alert);
    else lists.set(alert.coinId, [alert]);
  }
  return new Map([...lists].map(([coin, list]) => [coin, coinAlerts(coin, list)]));
}

/**
 * The active alerts, kept between ticks with their grouping by coin. Loading them all is the
 * dearest read a tick can make, so after the first load each tick asks one query for the rows
 * whose revision grew and for the active count; only the coins those rows touch are regrouped. A differing
 * active count (a delete), a failed write, a long pause or every Nth tick forces a full reload.
 */
export function createAlertCache(
  db: Db,
  options: { fullReloadEvery: number; maxIdleMs: number },
): AlertSource {
  let byId: Map<string, EngineAlert> | null = null;
  let coins = new Map<string, CoinAlerts>();
  let maxRevision = 0;
  let ticks = 0;
  let lastAt = 0;

  async function full(): Promise<Map<string, EngineAlert>> {
    const rows = await readActiveAlerts(db);
    maxRevision = 0;
    for (const r of rows) if (r.revision > maxRevision) maxRevision = r.revision;
    coins = groupByCoin(rows);
    byId = new Map(rows.map((r) => [r.id, r]));
    return byId;
  }

  /** Applies the changed rows; false when the result cannot be trusted and a full read is due. */
  async function delta(cache: Map<string, EngineAlert>): Promise<boolean> {
    const { changed, activeCount } = await readAlertChanges(db, maxRevision);
    const touched = new Set<string>();
    for (const row of changed) {
      if (row.revision > maxRevision) maxRevision = row.revision;
      const before = cache.get(row.id);
      if (before) touched.add(before.coinId);
      if (row.active) {
        cache.set(row.id, row);
        touched.add(row.coinId);
      } else cache.delete(row.id);
    }
    if (activeCount !== cache.size) return false;
    if (touched.size > 0) {
      const lists = new Map<string, EngineAlert[]>([...touched].map((coin) => [coin, []]));
      for (const alert of cache.values()) lists.get(alert.coinId)?.push(alert);
      for (const [coin, list] of lists) {
        if (list.length === 0) coins.delete(coin);
        else coins.set(coin, coinAlerts(coin, list));
      }
    }
    return true;
  }

  return {
    async load(now) {
      ticks += 1;
      const stale =
        byId === null || ticks % options.fullReloadEvery === 0 || now - lastAt > options.maxIdleMs;
      lastAt = now;
      let cache = byId;
      if (stale || cache === null) cache = await full();
      else if (!(await delta(cache))) cache = await full();
      return { count: cache.size, coins };
    },
    invalidate() {
      byId = null;
    },
  };
}
