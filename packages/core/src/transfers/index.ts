export { appliedTransferLinks } from './applied-links.ts';
export { matchTransfers } from './match-transfers.ts';
export { TransferInputError } from './prepare-movements.ts';
export { normaliseTxHash } from './tx-hash.ts';
export type {
  AmbiguousMovement,
  IgnoredDecision,
  IgnoredDecisionReason,
  MatchReason,
  MovementSourceKind,
  TransferDecision,
  TransferMatch,
  TransferMatchResult,
  TransferMovement,
} from './types.ts';
export { arrivalWindowMs, earlyArrivalMs } from './window-rules.ts';
