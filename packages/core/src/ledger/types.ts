import type {
  CostBasisMethod,
  LedgerStep,
  OversellViolation,
  PositionExplanation,
  TransactionType,
} from '@app/contracts';

/**
 * The fields the ledger reads. A stored `Transaction` satisfies it; so does a candidate being
 * validated (created_at absent: it sorts after stored rows with the same executed_at).
 */
export interface LedgerTransaction {
  id: string;
  coin_id: string;
  type: TransactionType;
  quantity: string;
  /**
   * Null only on a transfer_in whose cost nobody knows yet (a coin received from outside): its
   * units are held but left out of every cost figure, and counted (see CoinLedger).
   */
  price_per_coin: string | null;
  fee: string;
  /**
   * The fee's currency when it is not the portfolio's (a fiat code or a coin symbol, lower case);
   * absent: the portfolio's. The engine reads `fee` as in the portfolio's currency, so callers
   * convert first (`withFeesIn`).
   */
  fee_currency?: string | undefined;
  executed_at: string;
  created_at?: string | undefined;
}

/** One coin's position after the whole timeline. All amounts are decimal strings (see format.ts). */
export interface CoinLedger {
  coin_id: string;
  /** Units held now, whatever their cost. */
  quantity: string;
  /** Cost basis of the units held whose cost is known = dashboard `totalInvestment`. */
  cost_basis: string;
  /** cost_basis ÷ the units of known cost; null when none is held. */
  average_cost: string | null;
  /** Units held whose cost is unknown (in `quantity`, not in `cost_basis`). */
  unknown_cost_quantity: string;
  /** Acquisitions of unknown cost with units still held (see inventory.ts for the average pool). */
  lots_without_cost: number;
  /** Sells and transfers out that took units of unknown cost: their gain leaves those units out. */
  disposals_with_unknown_cost: number;
  /**
   * Σ over sells of (the known units' share of proceeds − cost removed), minus transfer-out fees.
   * Units of unknown cost realize nothing.
   */
  realized_pnl: string;
  /** Σ cost basis removed by sells: the base of the realized percentage. */
  cost_of_units_sold: string;
  /** Σ sell proceeds net of sell fees, of every unit sold (those of unknown cost included). */
  proceeds: string;
  /** Σ cost basis that left with transfers out (moved, not realized). */
  cost_transferred_out: string;
  explanation: PositionExplanation;
  /** This coin's steps in timeline order; empty when the ledger ran without `explain`. */
  trail: LedgerStep[];
}

/** A position's totals without the steps behind them: what valuation and a stored snapshot need. */
export type LedgerTotals = Pick<
  CoinLedger,
  | 'coin_id'
  | 'quantity'
  | 'cost_basis'
  | 'average_cost'
  | 'unknown_cost_quantity'
  | 'lots_without_cost'
  | 'disposals_with_unknown_cost'
  | 'realized_pnl'
  | 'cost_of_units_sold'
  | 'proceeds'
  | 'cost_transferred_out'
>;

/**
 * Bump whenever the engine would produce a different figure for the same transactions (a rule
 * or rounding change): figures stored by an older version are then recomputed, not trusted.
 */
export const LEDGER_RULES_VERSION = 2;

export interface LedgerResult {
  method: CostBasisMethod;
  coins: CoinLedger[];
  /** Every applied step in timeline order (empty without `explain`). */
  steps: LedgerStep[];
  /** In timeline order; an oversold transaction is reported and NOT applied. */
  violations: OversellViolation[];
  /** The position each oversold transaction met (same order as `violations`). */
  blocked: BlockedTransaction[];
}

export interface BlockedTransaction {
  transaction_id: string;
  holding: string;
  cost_basis: string;
  average_cost: string | null;
  unknown_cost_quantity: string;
}

export interface LedgerOptions {
  method?: CostBasisMethod | undefined;
  /**
   * Build per-transaction steps and explanations (default true). Totals-only runs skip them: no
   * steps, an empty trail, and no lots in the explanation.
   */
  explain?: boolean | undefined;
}
