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
  costOfUnitsSold: Dec;
  proceeds: Dec;
  costTransferredOut: Dec;
  trail: LedgerStep[];
}

/**
 * Replays one portfolio's transactions (any order) and returns every coin's position.
 * Rules (the definitions every figure of the books follows):
 * - buy, reward, transfer_in add units at quantity × price + fee (a reward or transfer with no
 *   stated price enters at zero cost);
 * - sell removes units at their cost per method and realizes quantity × price − fee − cost;
 * - transfer_out removes units with their cost basis and realizes nothing, except that a fee on
 *   it is money spent, so it is realized as −fee;
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
        costOfUnitsSold: new Dec(0),
        proceeds: new Dec(0),
        costTransferredOut: new Dec(0),
        trail: [],
      };
      coins.set(tx.coin_id, state);
    }
    const quantity = amount(tx, 'quantity');
    const price = amount(tx, 'price_per_coin');
    const fee = amount(tx, 'fee');
    if (!isPositive(quantity)) throw new LedgerInputError(tx.id, 'quantity', 'must be greater than 0');

    const inv = state.inventory;
    const holdingBefore = inv.quantity;
    const costBefore = inv.cost;
    let costRemoved = zero;
    let proceeds: Dec | null = null;
    let realized: Dec | null = null;
    let consumed: LedgerStep['consumed'] = [];

    if (tx.type === 'buy' || tx.type === 'reward' || tx.type === 'transfer_in') {
      inv.add({
        transactionId: tx.id,
        type: tx.type,
        acquiredAt: tx.executed_at,
        quantity,
        cost: quantity.mul(price).add(fee),
      });
    } else {
      if (quantity.gt(holdingBefore)) {
        violations.push(oversell(tx, tx.type, quantity, holdingBefore));
        blocked.push({
          transaction_id: tx.id,
          holding: toDecimalString(holdingBefore),
          cost_basis: toDecimalString(costBefore),
          average_cost: holdingBefore.isZero() ? null : toDecimalString(costBefore.div(holdingBefore)),
        });
        continue;
      }
      const removal = inv.remove(quantity);
      costRemoved = removal.cost;
      if (explain) {
        consumed = removal.consumed.map((c) => ({
          transaction_id: c.transactionId,
          quantity: toDecimalString(c.quantity),
          cost: toDecimalString(c.cost),
        }));
      }
      if (tx.type === 'sell') {
        proceeds = quantity.mul(price).sub(fee);
        realized = proceeds.sub(costRemoved);
        state.proceeds = state.proceeds.add(proceeds);
        state.costOfUnitsSold = state.costOfUnitsSold.add(costRemoved);
      } else {
        realized = fee.neg();
        state.costTransferredOut = state.costTransferredOut.add(costRemoved);
      }
      state.realized = state.realized.add(realized);
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
        average_cost_after: inv.quantity.isZero() ? null : toDecimalString(inv.cost.div(inv.quantity)),
        cost_removed: toDecimalString(costRemoved),
        proceeds: proceeds === null ? null : toDecimalString(proceeds),
        realized_pnl: realized === null ? null : toDecimalString(realized),
        consumed,
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
    average_cost: inv.quantity.isZero() ? null : toDecimalString(inv.cost.div(inv.quantity)),
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

/** > 0 without building a Decimal for the 0 on every call. */
function isPositive(value: Dec): boolean {
  return !value.isZero() && !value.isNegative();
}

function amount(tx: LedgerTransaction, field: 'quantity' | 'price_per_coin' | 'fee'): Dec {
  let value: Dec;
  try {
    value = new Dec(tx[field]);
  } catch {
    throw new LedgerInputError(tx.id, field, `is not a decimal: ${tx[field]}`);
  }
  if (!value.isFinite() || (value.isNegative() && !value.isZero()))
    throw new LedgerInputError(tx.id, field, 'must be a non-negative number');
  return value;
}

function oversell(
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
