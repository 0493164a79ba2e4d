/** Where a movement came from; matching treats every source alike, the kind is carried for display. */
export type MovementSourceKind = 'wallet' | 'exchange' | 'csv' | 'manual';

/**
 * One side of a possible own transfer: a withdrawal (`out`) or a deposit (`in`) of one coin in one
 * portfolio, whatever brought it (a wallet sync, an exchange sync, a CSV row, a row typed by hand).
 */
export interface TransferMovement {
  /** Unique over the whole input. */
  id: string;
  portfolioId: string;
  coinId: string;
  direction: 'out' | 'in';
  /** Decimal string, greater than 0; for an out, what left the portfolio (its fee included). */
  quantity: string;
  /**
   * Decimal string in the same coin: the network or withdrawal fee an out paid, part of its
   * quantity. Read on outs only.
   */
  fee?: string | null | undefined;
  /** ISO 8601 instant. */
  executedAt: string;
  /** The on-chain transaction id, when the source knows it (any case, with or without 0x). */
  txHash?: string | null | undefined;
  sourceKind: MovementSourceKind;
}

/**
 * What the user said about a pair:
 * - `confirmed`: a proposal accepted; it stays matched while the pair still fits the rules, even
 *   when another candidate turns up later;
 * - `rejected`: a match undone; the pair is never matched or proposed automatically again;
 * - `manual`: a pair made by hand; it may break the time window and the fee limit.
 * Decisions are read in the order the user made them: a later decision on the same pair replaces
 * an earlier one, and a later manual pair takes a movement from an earlier one.
 */
export interface TransferDecision {
  kind: 'confirmed' | 'rejected' | 'manual';
  outId: string;
  inId: string;
}

export type MatchReason = 'tx_hash' | 'window' | 'manual' | 'confirmed';

export interface TransferMatch {
  outId: string;
  inId: string;
  reason: MatchReason;
  /** out − in as a decimal string ('0' when equal): the part of the out that is a disposal. */
  networkFee: string;
  /** From the out to the in, in hours (to 0.01); negative when the in is stamped earlier. */
  hoursApart: number;
}

/** A movement that fits one or more counterparts but not exactly one both ways. */
export interface AmbiguousMovement {
  movementId: string;
  /** The counterparts it fits, in time order. */
  candidateIds: string[];
}

export type IgnoredDecisionReason =
  /** One of its ids is not among the movements (deleted or not synced yet). */
  | 'unknown_movement'
  /** outId is not an out or inId is not an in. */
  | 'not_out_and_in'
  | 'different_coins'
  | 'same_portfolio'
  /** The in is larger than the out: coins cannot grow on the way. */
  | 'in_exceeds_out'
  /** A later decision on the same pair replaced it. */
  | 'superseded'
  /** One of its movements is already in a match that ranks first. */
  | 'movement_taken'
  /** A confirmed pair whose movements were edited so that they no longer fit the rules. */
  | 'no_longer_fits';

export interface IgnoredDecision {
  decision: TransferDecision;
  reason: IgnoredDecisionReason;
}

/**
 * Every movement is in exactly one place: a match (`matched` or `proposed`), `ambiguous`, or
 * `unmatchedOut` / `unmatchedIn`. Lists are ordered by the out's (or the movement's) time, then id.
 */
export interface TransferMatchResult {
  /** Own transfers: by hash, by hand, or proposals the user confirmed. */
  matched: TransferMatch[];
  /** Window matches that wait for the user's confirmation. */
  proposed: TransferMatch[];
  ambiguous: AmbiguousMovement[];
  unmatchedOut: string[];
  unmatchedIn: string[];
  /** Decisions that had no effect, with why, so they can be shown or cleaned up. */
  ignoredDecisions: IgnoredDecision[];
}
