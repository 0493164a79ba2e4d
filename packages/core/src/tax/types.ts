import type {
  CostBasisMethod,
  EffectiveMethod,
  MatchBasis,
  NeedsPriceItem,
  TaxCategory,
  TaxRule,
  TransactionType,
} from '@app/contracts';
import type { Dec } from '../decimal.ts';
import type { CalendarDay } from './dates.ts';
import type { Lot } from './lot-book.ts';
import type { LotChoiceOutcome, LotChoices } from './lot-choice.ts';
import type { PerPortfolioInput, WalletAllocationCalc } from './per-portfolio.ts';
import type { RuleOptions } from './rules.ts';

/**
 * One ledger row as the tax engine reads it, across all of a user's portfolios. Amounts are in
 * the report's currency; a price or fee the caller cannot express in it (no stated price, or no
 * exchange rate for that day) is null and the row is listed as needing a price, never valued at 0.
 */
export interface TaxTransaction {
  id: string;
  portfolio_id: string;
  coin_id: string;
  type: TransactionType;
  quantity: string;
  price_per_coin: string | null;
  fee: string | null;
  executed_at: string;
  created_at?: string | undefined;
  /** Why price or fee is null; defaults to 'no_price'. */
  unpriced_reason?: 'no_price' | 'no_rate' | 'no_fee_rate' | 'no_fee_price' | undefined;
}

export interface TaxInput extends RuleOptions {
  transactions: readonly TaxTransaction[];
  /**
   * transfer_out id → transfer_in id of moves between the user's own portfolios; the in may be
   * less than the out (a network fee, disposed of), never more. Omitted: found by
   * `linkOwnTransfers` (the transfer matcher's window rules, without the owner's decisions).
   */
  links?: ReadonlyMap<string, string> | undefined;
  /** Sales' named lots (sale id → lines): followed under the US rule, ignored (and said) elsewhere. */
  lotChoices?: LotChoices | undefined;
  /**
   * A transaction id: the computation then carries `lotsBefore`, the open lots of that row's
   * portfolio and coin just before it (the lots a sale there can name). Lot rules only.
   */
  lotsBefore?: string | undefined;
  /**
   * The person's settings by tax year, oldest first: each disposal is matched and classified
   * under the entry in force in its tax year. Omitted: one entry, the rule and method above.
   */
  history?: readonly RegimeEntry[] | undefined;
  /**
   * Per-portfolio lots (US, from 2025): the lots left at the end of 2024 are allocated to the
   * portfolios that held them (the confirmed allocation, else the proposal) and, with `apply`,
   * each portfolio's sales from 2025 on draw on the lots placed there. Lot rules only.
   */
  perPortfolio?: PerPortfolioInput | undefined;
}

/** The part of an acquisition a disposal used (or the pool it drew on). */
export interface LineCalc {
  basis: MatchBasis;
  acquisitionId: string | null;
  acquiredDay: CalendarDay | null;
  quantity: Dec;
  proceeds: Dec | null;
  fee: Dec | null;
  cost: Dec | null;
  gain: Dec | null;
  daysHeld: number | null;
  category: TaxCategory;
}

export interface DisposalCalc {
  transactionId: string;
  portfolioId: string;
  coinId: string;
  soldAt: string;
  soldDay: CalendarDay;
  quantity: Dec;
  proceeds: Dec | null;
  fee: Dec | null;
  cost: Dec | null;
  gain: Dec | null;
  lines: LineCalc[];
}

export interface IncomeCalc {
  transactionId: string;
  portfolioId: string;
  coinId: string;
  receivedAt: string;
  day: CalendarDay;
  quantity: Dec;
  value: Dec | null;
}

/** Units still held: a lot (with its acquisition day) or a pool share (without one). */
export interface HoldingCalc {
  portfolioId: string;
  coinId: string;
  basis: 'lot' | 'pool' | 'section_104';
  acquisitionId: string | null;
  acquiredDay: CalendarDay | null;
  quantity: Dec;
  cost: Dec | null;
}

/**
 * UK only: per coin, the person's latest acquisition day and what of it joined the Section 104
 * pool after same-day and 30-day matching. A disposal later that same day is matched with it
 * first (same-day rule), so an exit plan selling today must not average it into the pool.
 */
export interface UkLatestAcquisition {
  coinId: string;
  day: CalendarDay;
  acquisitionId: string;
  quantity: Dec;
  cost: Dec | null;
}

export interface TaxComputation {
  /** The latest entry's options (see `computationForYear` for another year's). */
  options: RuleOptions;
  /** Every entry of the history as run, oldest first (one when the settings never changed). */
  regimes?: readonly RegimeCalc[] | undefined;
  ukLatest?: UkLatestAcquisition[] | undefined;
  /**
   * UK only: the timeline the identification rules ran over, so an exit plan can replay it with
   * its planned sales added (same day, 30 days, pool: one implementation, runUkRules).
   */
  ukTimeline?: readonly PreparedTx[] | undefined;
  method: EffectiveMethod;
  zone: string;
  /** In timeline order, every year. */
  disposals: DisposalCalc[];
  income: IncomeCalc[];
  holdings: HoldingCalc[];
  needsPrice: NeedsPriceItem[];
  /** Fees of transfers out to wallets outside the books (own transfers add theirs to the basis). */
  transferFees: Dec;
  /** Own transfers found: transfer_out id → transfer_in id. */
  links: ReadonlyMap<string, string>;
  /** What the replay did with the sales' named lots (computeTax always sets it). */
  lotChoices?: LotChoiceOutcome | undefined;
  /** The open lots asked for by TaxInput.lotsBefore, in book order (copies); [] when none. */
  lotsBefore?: readonly Lot[] | undefined;
  /** The allocation of the lots left at the end of 2024, when TaxInput.perPortfolio asked for it. */
  walletAllocation?: WalletAllocationCalc | undefined;
}

/** A row parsed once, in the ledger's timeline order, as every rule reads it. */
export interface PreparedTx {
  tx: TaxTransaction;
  at: number;
  day: CalendarDay;
  quantity: Dec;
  price: Dec | null;
  fee: Dec | null;
}

/**
 * One entry of a person's history of tax settings: from tax year `fromYear` on (null: from the
 * first transaction), this rule and this cost-basis method. Entries are oldest first.
 */
export interface RegimeEntry {
  fromYear: number | null;
  rule: TaxRule;
  method: CostBasisMethod;
  customThresholdDays?: number | undefined;
}

/** An entry as the engine ran it: the options, the matching they give, and the first day. */
export interface RegimeCalc {
  fromYear: number | null;
  /** The first calendar day (in the computation's zone) the entry governs; null: from the start. */
  fromDay: CalendarDay | null;
  options: RuleOptions;
  method: EffectiveMethod;
}
