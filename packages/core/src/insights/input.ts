import type { CostBasisMethod, LotsView, TaxDecisions } from '@app/contracts';

/*
 * What the insights read: the figures the dashboard already has, gathered by the server and
 * converted to the base currency. Money and quantities are decimal strings (exact); market
 * closes are doubles, as the market data is.
 */

/** One coin held across the portfolios in scope, amounts in the base currency. */
export interface InsightPosition {
  coinId: string;
  symbol: string;
  name: string;
  quantity: string;
  /** Cost basis of the units held under the user's method (those of known cost). */
  costBasis: string;
  /** Units held whose cost is unknown (in `quantity` and the value, not in `costBasis`); absent: none. */
  unknownCostQuantity?: string | undefined;
  /** Open lots without a cost; absent: none. */
  lotsWithoutCost?: number | undefined;
  /** quantity × price; null when the coin has no price. */
  marketValue: string | null;
  price: string | null;
  /** All-time high in the base currency, when the market knows it. */
  ath: number | null;
  /** Category ids from market data (stablecoins, layer-1…); empty when unknown. */
  categories: readonly string[];
}

/** An acquisition still (partly) held, under a lot method; cost in the base currency. */
export interface InsightLot {
  coinId: string;
  acquiredAt: string;
  quantityLeft: string;
  /** Null when the lot's cost is unknown: it has no P&L. */
  unitCost: string | null;
  costBasis: string | null;
}

/** Completed daily closes of one coin in the base currency, oldest first, one per UTC day. */
export interface CloseSeries {
  /** Start of each UTC day, ms since the epoch. */
  timestamps: readonly number[];
  closes: readonly number[];
}

/** One transaction's fee, converted to the base currency. */
export interface FeeRow {
  coinId: string;
  /** Calendar year of the transaction (UTC). */
  year: number;
  type: 'buy' | 'sell' | 'transfer_in' | 'transfer_out' | 'reward';
  fee: string;
  /** quantity × price of the transaction in the base currency. */
  notional: string;
}

export interface PlannedSell {
  order: number;
  coinsSold: string;
  pricePerCoin: string;
  feesPercentage: string;
  priceImpactPercentage: string;
  sellTax: string;
}

export interface InsightProjection {
  id: string;
  coinId: string;
  symbol: string;
  tokensOwned: string;
  investedCapital: string;
  /** Percent, applied to every rung. */
  sellTax: string;
  /** The plan's money figures are in this currency (the base currency when it was created). */
  currency: string;
  sells: readonly PlannedSell[];
  /** Current price and all-time high in the plan's currency; null when unknown. */
  priceNow: string | null;
  ath: number | null;
  /** Net proceeds of this coin's sells in scope since the plan was created, in the plan's currency. */
  realisedProceeds: string;
  /** Units of the coin held now in the portfolios in scope. */
  heldNow: string;
}

export interface InsightAlert {
  coinId: string;
  symbol: string;
  /** Human description of the condition, e.g. "Price >= 100,000". */
  condition: string;
  /** The operand values now (left, right), money in US dollars as alerts compare; null when not computable yet. */
  left: number | null;
  right: number | null;
  /** Indicator points or price units: decides how the distance is worded. */
  metric: string;
  op: string;
  active: boolean;
}

export interface InsightFiring {
  coinId: string;
  symbol: string;
  condition: string;
  firedAt: string;
  /**
   * The coin's price when it fired (the left/right price operand), if the payload has one, and
   * now: both in the base currency, as the notification reads.
   */
  priceAtFiring: number | null;
  priceNow: number | null;
}

export interface InsightTarget {
  type: 'coin' | 'category';
  key: string;
  percentage: string;
}

export interface DataHealthInput {
  /** Held coins with no price (valued at cost so totals stay meaningful). */
  unpriced: readonly string[];
  market: { source: string; asOf: string; stale: boolean; demo: boolean };
  /** Portfolio currencies that could not be converted to the base currency. */
  unsupportedCurrencies: readonly string[];
  /** Open lots without a cost across the positions (they count in value, not in any P&L); absent: none. */
  lotsWithoutCost?: number | undefined;
}

export interface InsightsInput {
  now: Date;
  /** The one portfolio in scope (links to its transactions filter on it); null or absent: all. */
  portfolioId?: string | null;
  baseCurrency: string;
  /** The reader's locale for dates in the cards' text; en-US when absent. */
  locale?: string | undefined;
  method: CostBasisMethod;
  settings: { concentrationThreshold: string; nearPercent: string };
  /** Coins with a non-zero holding. */
  positions: readonly InsightPosition[];
  /** Lots for fifo/lifo/hifo; empty under average cost. */
  lots: readonly InsightLot[];
  closes: ReadonlyMap<string, CloseSeries>;
  /** Quantity held 30 days ago per coin (for the change in stablecoin share). */
  heldThirtyDaysAgo: ReadonlyMap<string, string>;
  fees: readonly FeeRow[];
  projections: readonly InsightProjection[];
  alerts: readonly InsightAlert[];
  firings: readonly InsightFiring[];
  targets: readonly InsightTarget[];
  /** Fee rate used for restoring trades, as a fraction (0.001 = 0.1 %). */
  feeRate: string;
  health: DataHealthInput;
  transactionCount: number;
  /**
   * Open tax lots under the user's tax rule (core/tax buildLotsView), or why there are none:
   * the card then says so instead of guessing a holding period.
   */
  taxLots: LotsView | { unavailable: string };
  /**
   * This tax year's decisions under the same rule (core/tax taxDecisions): the tax of selling now
   * against waiting, the rule's catch on harvesting and the allowance left. Absent: not figured.
   */
  taxDecisions?: TaxDecisions | undefined;
  /** Rows per drill-down table: default 10; null = all (the explain route). */
  rowLimit?: number | null;
}
