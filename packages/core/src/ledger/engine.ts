import type { CostBasisMethod, LedgerStep, OversellViolation } from '@app/contracts';
import { knownCoinSymbol } from '../csv/coins.ts';
import { Dec } from '../decimal.ts';
import { toDecimalString } from './format.ts';
import { createInventory, type Inventory } from './inventory.ts';
import { describeOversell } from './oversell-text.ts';
import { LedgerInputError, sortTimeline } from './timeline.ts';
import type {
  BlockedTransaction,
  CoinLedger,
  LedgerOptions,
  LedgerResult,
  LedgerTransaction,
} from './types.ts';

interface CoinState {
  inventory: Inventory;
  realized: Dec;
  /** Sells and transfers out that took units of unknown cost. */
  disposalsWithUnknownCost: number;
  costOfUnitsSold: Dec;
  proceeds: Dec;
  costTransferredOut: Dec;
  trail: LedgerStep[];
}

/**
 * Replays one portfolio's transactions (any order) and returns every coin's position.
 * Rules (the definitions every figure of the books follows):
 * - buy, reward, transfer_in add units at quantity × price + fee (a stated price of 0, such as
 *   a reward entered without a value, is a cost of 0);
 * - a transfer_in with no price (null: a coin received from outside whose cost nobody gave) adds
 *   units of unknown cost: they count in the holding, never in cost basis, average cost or
 *   realized P&L, and are counted instead (`unknown_cost_quantity`, `lots_without_cost`). Its
 *   fee is part of that unknown cost until a price is given;
 * - sell removes units at their cost per method and realizes quantity × price − fee − cost;
 * - transfer_out removes units with their cost basis and realizes nothing, except that a fee on
 *   it is money spent, so it is realized as −fee;
 * - a sell or transfer_out that takes units of unknown cost realizes nothing for them: a sell
 *   realizes only the known units' share of its proceeds (fee included, pro rata) less their
 *   cost, and null when every unit it took was of unknown cost; such a disposal is counted in
 *   `disposals_with_unknown_cost`. Which units are of unknown cost follows the method: lots take
 *   them in their turn (HIFO last of all, as they cannot be ranked by cost); the average pool
 *   keeps them apart from the priced units and takes from both in proportion to their sizes;
 * - average cost is cost basis ÷ the units of known cost;
 * - a sell or transfer_out above the holding at that moment is an oversell: reported in
 *   `violations` and skipped, so the remaining timeline still gets figures.
 */
export function computeLedger(txs: readonly LedgerTransaction[], options: LedgerOptions = {}): LedgerResult {
  const method: CostBasisMethod = options.method ?? 'average';
  const explain = options.explain ?? true;
  const coins = new Map<string, CoinState>();
  const steps: LedgerStep[] = [];
  const violations: OversellViolation[] = [];
  const blocked: BlockedTransaction[] = [];

  for (const tx of sortTimeline(txs)) {
    let state = coins.get(tx.coin_id);
    if (!state) {
      state = {
        inventory: createInventory(method),
        realized: new Dec(0),
        disposalsWithUnknownCost: 0,
        costOfUnitsSold: new Dec(0),
        proceeds: new Dec(0),
        costTransferredOut: new Dec(0),
        trail: [],
      };
      coins.set(tx.coin_id, state);
    }
    const quantity = amount(tx, 'quantity');
    const price = priceOf(tx);
    const fee = amount(tx, 'fee');
    if (!isPositive(quantity)) throw new LedgerInputError(tx.id, 'quantity', 'must be greater than 0');

    const inv = state.inventory;
    const holdingBefore = inv.quantity;
    const costBefore = inv.cost;
    let costRemoved = zero;
    let unknownRemoved: Dec | null = null;
    let proceeds: Dec | null = null;
    let realized: Dec | null = null;
    let consumed: LedgerStep['consumed'] = [];

    if (tx.type === 'buy' || tx.type === 'reward' || tx.type === 'transfer_in') {
      inv.add({
        transactionId: tx.id,
        type: tx.type,
        acquiredAt: tx.executed_at,
        quantity,
        cost: price === null ? null : quantity.mul(price).add(fee),
      });
    } else {
      if (quantity.gt(holdingBefore)) {
        violations.push(oversell(tx, tx.type, quantity, holdingBefore));
        blocked.push({
          transaction_id: tx.id,
          holding: toDecimalString(holdingBefore),
          cost_basis: toDecimalString(costBefore),
          average_cost: averageCost(inv),
          unknown_cost_quantity: toDecimalString(inv.unknownQuantity),
        });
        continue;
      }
      const removal = inv.remove(quantity);
      costRemoved = removal.cost;
      unknownRemoved = removal.unknownQuantity;
      const incomplete = !removal.unknownQuantity.isZero();
      if (incomplete) state.disposalsWithUnknownCost++;
      if (explain) {
        consumed = removal.consumed.map((c) => ({
          transaction_id: c.transactionId,
          quantity: toDecimalString(c.quantity),
          cost: c.cost === null ? null : toDecimalString(c.cost),
        }));
      }
      if (tx.type === 'sell') {
        // priceOf leaves a price null on a transfer in only.
        proceeds = quantity.mul(price ?? zero).sub(fee);
        const knownUnits = quantity.sub(removal.unknownQuantity);
        // Units of unknown cost realize nothing: only the known units' share of the proceeds
        // meets their cost, and a sale of unknown units only has no realized figure at all.
        realized = !incomplete
          ? proceeds.sub(costRemoved)
          : knownUnits.isZero()
            ? null
            : proceeds.mul(knownUnits).div(quantity).sub(costRemoved);
        state.proceeds = state.proceeds.add(proceeds);
        state.costOfUnitsSold = state.costOfUnitsSold.add(costRemoved);
      } else {
        realized = fee.neg();
        state.costTransferredOut = state.costTransferredOut.add(costRemoved);
      }
      if (realized !== null) state.realized = state.realized.add(realized);
    }

    if (explain) {
      const step: LedgerStep = {
        transaction_id: tx.id,
        type: tx.type,
        executed_at: tx.executed_at,
        quantity: toDecimalString(quantity),
        holding_before: toDecimalString(holdingBefore),
        holding_after: toDecimalString(inv.quantity),
        cost_basis_before: toDecimalString(costBefore),
        cost_basis_after: toDecimalString(inv.cost),
        average_cost_after: averageCost(inv),
        cost_removed: toDecimalString(costRemoved),
        proceeds: proceeds === null ? null : toDecimalString(proceeds),
        realized_pnl: realized === null ? null : toDecimalString(realized),
        consumed,
        unknown_cost_quantity_after: toDecimalString(inv.unknownQuantity),
        lots_without_cost_after: inv.lotsWithoutCost,
        ...(unknownRemoved === null
          ? {}
          : { unknown_cost_quantity_removed: toDecimalString(unknownRemoved) }),
      };
      state.trail.push(step);
      steps.push(step);
    }
  }

  const result: CoinLedger[] = [...coins.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([coinId, s]) => coinLedger(coinId, s, method, explain));
  return { method, coins: result, steps, violations, blocked };
}

function coinLedger(coinId: string, s: CoinState, method: CostBasisMethod, explain: boolean): CoinLedger {
  const inv = s.inventory;
  return {
    coin_id: coinId,
    quantity: toDecimalString(inv.quantity),
    cost_basis: toDecimalString(inv.cost),
    average_cost: averageCost(inv),
    unknown_cost_quantity: toDecimalString(inv.unknownQuantity),
    lots_without_cost: inv.lotsWithoutCost,
    disposals_with_unknown_cost: s.disposalsWithUnknownCost,
    realized_pnl: toDecimalString(s.realized),
    cost_of_units_sold: toDecimalString(s.costOfUnitsSold),
    proceeds: toDecimalString(s.proceeds),
    cost_transferred_out: toDecimalString(s.costTransferredOut),
    // A totals-only run leaves the lots out too: formatting 100k open lots cost more than the run.
    explanation:
      method === 'average' ? { method, timeline: s.trail } : { method, lots: explain ? inv.lots() : [] },
    trail: s.trail,
  };
}

/** Decimals are immutable, so one zero serves every "nothing yet" (the loop runs 100k times). */
const zero = new Dec(0);

/** Cost basis ÷ the units of known cost; null when none is held (all unknown, or nothing). */
function averageCost(inv: Inventory): string | null {
  const known = inv.quantity.sub(inv.unknownQuantity);
  return known.isZero() || known.isNegative() ? null : toDecimalString(inv.cost.div(known));
}

/** > 0 without building a Decimal for the 0 on every call. */
export function isPositive(value: Dec): boolean {
  return !value.isZero() && !value.isNegative();
}

/** The stated price; null only on a transfer in (its cost is unknown). */
function priceOf(tx: LedgerTransaction): Dec | null {
  if (tx.price_per_coin !== null) return amount(tx, 'price_per_coin');
  if (tx.type === 'transfer_in') return null;
  throw new LedgerInputError(tx.id, 'price_per_coin', 'is missing (only a transfer in may have no price)');
}

export function amount(tx: LedgerTransaction, field: 'quantity' | 'price_per_coin' | 'fee'): Dec {
  const text = tx[field];
  let value: Dec;
  try {
    if (text === null) throw new Error('null');
    value = new Dec(text);
  } catch {
    throw new LedgerInputError(tx.id, field, `is not a decimal: ${text}`);
  }
  if (!value.isFinite() || (value.isNegative() && !value.isZero()))
    throw new LedgerInputError(tx.id, field, 'must be a non-negative number');
  return value;
}

/** The one oversell violation, as the replay and the running-balance check both report it. */
export function oversell(
  tx: LedgerTransaction,
  type: 'sell' | 'transfer_out',
  requested: Dec,
  available: Dec,
): OversellViolation {
  const want = toDecimalString(requested);
  const have = toDecimalString(available);
  return {
    code: 'oversell',
    transaction_id: tx.id,
    coin_id: tx.coin_id,
    type,
    executed_at: tx.executed_at,
    requested: want,
    available: have,
    // The text without a reader (core's own ticker, else the id; the UTC date in en-US): the
    // server and the client rewrite it from the fields with the market's symbol and the reader's
    // locale (describeOversell).
    message: describeOversell(
      { type, executed_at: tx.executed_at, requested: want, available: have },
      { symbol: knownCoinSymbol(tx.coin_id) ?? tx.coin_id, locale: 'en-US', timeZone: 'UTC' },
    ),
  };
}
