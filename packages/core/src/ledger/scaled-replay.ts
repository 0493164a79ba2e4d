import type { CostBasisMethod } from '@app/contracts';
import { dayMs } from '../market/daily-candles.ts';
import {
  divide,
  formatScaled,
  minus,
  rescale,
  rounded,
  type Scaled,
  times,
  toPlaces,
} from '../projections/scaled.ts';
import { type CoinCapital, coinCapital } from './capital.ts';
import { computeLedger } from './engine.ts';
import { OUTPUT_SCALE } from './format.ts';
import { timelineOrder } from './timeline.ts';
import type { LedgerTotals, LedgerTransaction } from './types.ts';

/** A coin's totals and its capital days, from one replay of its transactions. */
export interface CoinFigures {
  totals: LedgerTotals;
  capital: CoinCapital;
}

/**
 * One coin's totals (as `computeLedger` gives them) and its capital days (as `coinCapital`), from
 * one replay of its transactions (any order) under `method`.
 *
 * The replay follows the engine and its inventories operation for operation, on scaled integers
 * that round every +, −, × and ÷ to the same 40 significant digits, half-even, as the shared
 * decimal type does (see projections/scaled.ts), so every figure has the engine's digits: a
 * portfolio's first read replays every transaction, and decimal.js' digit arrays cost
 * microseconds per operation where a short BigInt costs tens of nanoseconds. Rows the fast path
 * does not read (anything but plain non-negative digits, a missing price, another coin) go to
 * the engine itself, which also reports bad input as it always has.
 */
export function coinFigures(txs: readonly LedgerTransaction[], method: CostBasisMethod): CoinFigures {
  return scaledFigures(txs, method) ?? referenceFigures(txs, method);
}

/** The fast path alone: null for a coin it leaves to the engine. */
export function scaledFigures(
  txs: readonly LedgerTransaction[],
  method: CostBasisMethod,
): CoinFigures | null {
  if (txs.length === 0) return null;
  try {
    return replay(txs, method);
  } catch (error) {
    if (error === outsideFastPath) return null;
    throw error;
  }
}

/** The same figures from the engine (the definition the fast path is tested against). */
export function referenceFigures(txs: readonly LedgerTransaction[], method: CostBasisMethod): CoinFigures {
  const coin = computeLedger(txs, { method, explain: false }).coins[0];
  if (!coin) throw new Error('a coin with transactions has no ledger');
  return {
    totals: {
      coin_id: coin.coin_id,
      quantity: coin.quantity,
      cost_basis: coin.cost_basis,
      average_cost: coin.average_cost,
      unknown_cost_quantity: coin.unknown_cost_quantity,
      lots_without_cost: coin.lots_without_cost,
      disposals_with_unknown_cost: coin.disposals_with_unknown_cost,
      realized_pnl: coin.realized_pnl,
      cost_of_units_sold: coin.cost_of_units_sold,
      proceeds: coin.proceeds,
      cost_transferred_out: coin.cost_transferred_out,
    },
    capital: coinCapital(txs, method),
  };
}

const zero: Scaled = { coef: 0n, scale: 0 };

/**
 * Thrown where the decimal type would leave finite numbers (a division by zero gives it NaN or
 * an infinity): such a coin is replayed by the engine instead.
 */
const outsideFastPath = Symbol('outside the fast path');

function quotient(a: Scaled, b: Scaled): Scaled {
  if (b.coef === 0n) throw outsideFastPath;
  return divide(a, b);
}

/** a + b, rounded as the decimal type rounds a sum (a parsed operand may have more digits). */
function plus(a: Scaled, b: Scaled): Scaled {
  if (b.coef === 0n) return rounded(a.coef, a.scale);
  if (a.coef === 0n) return rounded(b.coef, b.scale);
  const scale = Math.max(a.scale, b.scale);
  return rounded(rescale(a, scale) + rescale(b, scale), scale);
}

function sub(a: Scaled, b: Scaled): Scaled {
  return b.coef === 0n ? rounded(a.coef, a.scale) : minus(a, b);
}

function compare(a: Scaled, b: Scaled): number {
  if (a.scale === b.scale) return a.coef === b.coef ? 0 : a.coef < b.coef ? -1 : 1;
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale);
  const y = rescale(b, scale);
  return x === y ? 0 : x < y ? -1 : 1;
}

const isZero = (a: Scaled) => a.coef === 0n;
const smaller = (a: Scaled, b: Scaled) => (compare(a, b) <= 0 ? a : b);

/** toDecimalString: at most 18 decimals, half-even, plain. */
function text(a: Scaled): string {
  const r = toPlaces(a, OUTPUT_SCALE);
  return formatScaled(r.coef, r.scale);
}

/** The 1e-18 units `scaledAmount(toDecimalString(a))` gives. */
function units(a: Scaled): bigint {
  const r = toPlaces(a, OUTPUT_SCALE);
  return rescale(r, OUTPUT_SCALE);
}

/**
 * Plain non-negative digits with at most one inner point, as stored rows arrive ('1.500000'):
 * exact. Anything else is undefined, and the caller hands the coin to the engine.
 */
function parsePlain(value: string | null): Scaled | undefined {
  if (value === null) return undefined;
  const n = value.length;
  if (n === 0 || n > 80) return undefined;
  let dot = -1;
  // Digits up to the last one that matters (trailing fraction zeros only widen the scale), read
  // into a double while they fit one exactly: zeros after the point wait until a digit follows.
  let coef = 0;
  let zeros = 0;
  let end = 0;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c === 46) {
      if (dot >= 0) return undefined;
      dot = i;
      continue;
    }
    const d = c - 48;
    if (d < 0 || d > 9) return undefined;
    if (dot >= 0 && d === 0) {
      zeros++;
      continue;
    }
    for (; zeros > 0; zeros--) coef *= 10;
    coef = coef * 10 + d;
    end = i + 1;
  }
  if (dot === 0 || dot === n - 1) return undefined;
  const scale = dot < 0 || end <= dot ? 0 : end - dot - 1;
  // Every partial value was at most the final one, so below 2^53 all were exact.
  if (coef <= Number.MAX_SAFE_INTEGER) return { coef: BigInt(coef), scale };
  const whole = dot < 0 ? value : value.slice(0, dot);
  const text = dot < 0 || end <= dot ? whole : whole + value.slice(dot + 1, end);
  return { coef: BigInt(text), scale };
}

interface Removal {
  cost: Scaled;
  unknownQuantity: Scaled;
}

/** The engine's inventory (inventory.ts), on scaled integers; `remove` is never an oversell. */
interface Pool {
  quantity: Scaled;
  cost: Scaled;
  unknownQuantity: Scaled;
  lotsWithoutCost: number;
  add(quantity: Scaled, cost: Scaled | null): void;
  remove(quantity: Scaled): Removal;
}

function averagePool(): Pool {
  const pool: Pool = {
    quantity: zero,
    cost: zero,
    unknownQuantity: zero,
    lotsWithoutCost: 0,
    add(quantity, cost) {
      pool.quantity = plus(pool.quantity, quantity);
      if (cost === null) {
        pool.unknownQuantity = plus(pool.unknownQuantity, quantity);
        pool.lotsWithoutCost++;
      } else pool.cost = plus(pool.cost, cost);
    },
    remove(quantity) {
      const known = sub(pool.quantity, pool.unknownQuantity);
      let unknownTaken =
        compare(quantity, pool.quantity) === 0
          ? pool.unknownQuantity
          : isZero(pool.unknownQuantity)
            ? zero
            : smaller(quotient(times(quantity, pool.unknownQuantity), pool.quantity), pool.unknownQuantity);
      let knownTaken = sub(quantity, unknownTaken);
      if (compare(knownTaken, known) > 0) {
        knownTaken = known;
        unknownTaken = sub(quantity, known);
      }
      const cost =
        compare(knownTaken, known) === 0 ? pool.cost : quotient(times(pool.cost, knownTaken), known);
      pool.quantity = sub(pool.quantity, quantity);
      pool.unknownQuantity = isZero(pool.quantity) ? zero : sub(pool.unknownQuantity, unknownTaken);
      if (isZero(pool.unknownQuantity)) pool.lotsWithoutCost = 0;
      pool.cost = isZero(sub(pool.quantity, pool.unknownQuantity)) ? zero : sub(pool.cost, cost);
      return { cost, unknownQuantity: unknownTaken };
    },
  };
  return pool;
}

interface OpenLot {
  unitCost: Scaled | null;
  left: Scaled;
  cost: Scaled | null;
}

function lotQueue(method: 'fifo' | 'lifo' | 'hifo'): Pool {
  const open: OpenLot[] = [];
  let head = 0;
  const next = () => (method === 'fifo' ? open[head] : open[open.length - 1]);
  const drop = () => {
    if (method === 'fifo') head++;
    else open.pop();
  };
  // First index whose unit cost is >= the new one; lots of unknown cost rank below every priced one.
  const hifoIndex = (unitCost: Scaled | null) => {
    if (unitCost === null) return 0;
    let lo = 0;
    let hi = open.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const probe = open[mid];
      if (probe && (probe.unitCost === null || compare(probe.unitCost, unitCost) < 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const pool: Pool = {
    quantity: zero,
    cost: zero,
    unknownQuantity: zero,
    lotsWithoutCost: 0,
    add(quantity, cost) {
      // Only HIFO ranks lots by unit cost; the others never read it.
      const unitCost = method === 'hifo' && cost !== null ? quotient(cost, quantity) : null;
      const lot: OpenLot = { unitCost, left: quantity, cost };
      if (method === 'hifo') open.splice(hifoIndex(unitCost), 0, lot);
      else open.push(lot);
      pool.quantity = plus(pool.quantity, quantity);
      if (cost === null) {
        pool.unknownQuantity = plus(pool.unknownQuantity, quantity);
        pool.lotsWithoutCost++;
      } else pool.cost = plus(pool.cost, cost);
    },
    remove(quantity) {
      let remaining = quantity;
      let cost = zero;
      let unknown = zero;
      while (remaining.coef > 0n) {
        const lot = next();
        if (!lot) break;
        const take = smaller(remaining, lot.left);
        const whole = compare(take, lot.left) === 0;
        if (lot.cost === null) unknown = plus(unknown, take);
        else {
          const takeCost = whole ? lot.cost : quotient(times(lot.cost, take), lot.left);
          lot.cost = sub(lot.cost, takeCost);
          cost = plus(cost, takeCost);
        }
        lot.left = sub(lot.left, take);
        if (isZero(lot.left)) {
          if (lot.cost === null) pool.lotsWithoutCost--;
          drop();
        }
        remaining = sub(remaining, take);
      }
      pool.quantity = sub(pool.quantity, quantity);
      pool.unknownQuantity = sub(pool.unknownQuantity, unknown);
      pool.cost = isZero(sub(pool.quantity, pool.unknownQuantity)) ? zero : sub(pool.cost, cost);
      return { cost, unknownQuantity: unknown };
    },
  };
  return pool;
}

/** The engine's replay of one coin (engine.ts), or null when a row is outside the fast path. */
function replay(txs: readonly LedgerTransaction[], method: CostBasisMethod): CoinFigures | null {
  const coinId = txs[0]?.coin_id ?? '';
  for (const tx of txs) if (tx.coin_id !== coinId) return null;
  const ordered = timelineOrder(txs);
  const inv = method === 'average' ? averagePool() : lotQueue(method);
  let realized = zero;
  let disposalsWithUnknownCost = 0;
  let costOfUnitsSold = zero;
  let proceedsSum = zero;
  let costTransferredOut = zero;
  const days: number[] = [];
  const costs: bigint[] = [];
  let lastDay = Number.NaN;
  let dayEndCost = zero;

  for (const { tx, at } of ordered) {
    const quantity = parsePlain(tx.quantity);
    const fee = parsePlain(tx.fee);
    const price =
      tx.price_per_coin === null && tx.type === 'transfer_in' ? null : parsePlain(tx.price_per_coin);
    if (quantity === undefined || fee === undefined || price === undefined || quantity.coef === 0n)
      return null;

    if (tx.type === 'buy' || tx.type === 'reward' || tx.type === 'transfer_in') {
      inv.add(quantity, price === null ? null : plus(times(quantity, price), fee));
    } else {
      // An oversell is reported by the engine and not applied: it leaves no step.
      if (compare(quantity, inv.quantity) > 0) continue;
      const removal = inv.remove(quantity);
      const incomplete = !isZero(removal.unknownQuantity);
      if (incomplete) disposalsWithUnknownCost++;
      let gain: Scaled | null;
      if (tx.type === 'sell') {
        const proceeds = sub(times(quantity, price ?? zero), fee);
        const knownUnits = sub(quantity, removal.unknownQuantity);
        gain = !incomplete
          ? sub(proceeds, removal.cost)
          : isZero(knownUnits)
            ? null
            : sub(quotient(times(proceeds, knownUnits), quantity), removal.cost);
        proceedsSum = plus(proceedsSum, proceeds);
        costOfUnitsSold = plus(costOfUnitsSold, removal.cost);
      } else {
        gain = { coef: -fee.coef, scale: fee.scale };
        costTransferredOut = plus(costTransferredOut, removal.cost);
      }
      if (gain !== null) realized = plus(realized, gain);
    }

    // A day keeps the cost after its last step, so it is scaled once the day is over.
    const day = Math.floor(at / dayMs);
    if (day !== lastDay) {
      if (days.length > 0) costs.push(units(dayEndCost));
      days.push(day);
      lastDay = day;
    }
    dayEndCost = inv.cost;
  }
  if (days.length > 0) costs.push(units(dayEndCost));

  const known = sub(inv.quantity, inv.unknownQuantity);
  return {
    totals: {
      coin_id: coinId,
      quantity: text(inv.quantity),
      cost_basis: text(inv.cost),
      average_cost: known.coef <= 0n ? null : text(quotient(inv.cost, known)),
      unknown_cost_quantity: text(inv.unknownQuantity),
      lots_without_cost: inv.lotsWithoutCost,
      disposals_with_unknown_cost: disposalsWithUnknownCost,
      realized_pnl: text(realized),
      cost_of_units_sold: text(costOfUnitsSold),
      proceeds: text(proceedsSum),
      cost_transferred_out: text(costTransferredOut),
    },
    capital: { days: Int32Array.from(days), costs },
  };
}
