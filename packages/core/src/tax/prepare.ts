import { Dec } from '../decimal.ts';
import { LedgerInputError, parseInstant } from '../ledger/timeline.ts';
import { type CalendarDay, dayInZone } from './dates.ts';
import type { PreparedTx, TaxTransaction } from './types.ts';

export type { PreparedTx } from './types.ts';

/**
 * Parses amounts once and puts rows in the ledger's timeline order (executed_at, then entry
 * order, then id), so every rule sees the same sequence the dashboard does.
 */
export function prepareTimeline(txs: readonly TaxTransaction[], zone: string): PreparedTx[] {
  const keyed = txs.map(timelineKey);
  keyed.sort(compareTimeline);
  const dayCache = new Map<number, CalendarDay>();
  return keyed.map(({ tx, at }) => {
    // Many rows share an hour; the zone lookup is the slow part, so cache per hour.
    const hour = Math.floor(at / 3_600_000);
    let day = dayCache.get(hour);
    if (day === undefined) {
      day = dayInZone(at, zone);
      dayCache.set(hour, day);
    }
    const quantity = decimal(tx, 'quantity', tx.quantity);
    if (quantity.isZero() || quantity.isNegative())
      throw new LedgerInputError(tx.id, 'quantity', 'must be greater than 0');
    return {
      tx,
      at,
      day,
      quantity,
      price: tx.price_per_coin === null ? null : decimal(tx, 'price_per_coin', tx.price_per_coin),
      fee: tx.fee === null ? null : decimal(tx, 'fee', tx.fee),
    };
  });
}

export interface TimelineKey {
  tx: TaxTransaction;
  at: number;
  created: number;
}

/** A row's place in the timeline: executed_at, then entry order (not yet entered: last), then id. */
export function timelineKey(tx: TaxTransaction): TimelineKey {
  const at = parseInstant(tx.executed_at);
  if (Number.isNaN(at)) throw new LedgerInputError(tx.id, 'executed_at', `is not a date: ${tx.executed_at}`);
  const created = tx.created_at === undefined ? Number.POSITIVE_INFINITY : parseInstant(tx.created_at) || 0;
  return { tx, at, created };
}

export function compareTimeline(a: TimelineKey, b: TimelineKey): number {
  return (
    a.at - b.at ||
    (a.created === b.created ? 0 : a.created < b.created ? -1 : 1) ||
    (a.tx.id < b.tx.id ? -1 : a.tx.id > b.tx.id ? 1 : 0)
  );
}

function decimal(tx: TaxTransaction, field: string, value: string): Dec {
  let d: Dec;
  try {
    d = new Dec(value);
  } catch {
    throw new LedgerInputError(tx.id, field, `is not a decimal: ${value}`);
  }
  if (!d.isFinite() || (d.isNegative() && !d.isZero())) {
    throw new LedgerInputError(tx.id, field, 'must be a non-negative number');
  }
  return d;
}

/**
 * Splits `total` over parts in proportion to `weights`; the last part takes what is left, so
 * the parts always add up to the total exactly (no 1e-40 residue from a division).
 */
export function splitByWeight(total: Dec, weights: readonly Dec[], weightSum: Dec): Dec[] {
  const out: Dec[] = [];
  let used = new Dec(0);
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] as Dec;
    const part =
      i === weights.length - 1
        ? total.sub(used)
        : weightSum.isZero()
          ? new Dec(0)
          : total.mul(w).div(weightSum);
    used = used.add(part);
    out.push(part);
  }
  return out;
}
