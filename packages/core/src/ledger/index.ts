export { computeLedger } from './engine.ts';
export { OUTPUT_SCALE, toDecimalString, toDecimalStringOrNull } from './format.ts';
export type { NullableRoi, PnlFigures, PnlParts } from './metrics.ts';
export { coinPnl, pnlFigures, positionParts, sumParts } from './metrics.ts';
export { LedgerInputError, sortTimeline } from './timeline.ts';
export type {
  BlockedTransaction,
  CoinLedger,
  LedgerOptions,
  LedgerResult,
  LedgerTransaction,
} from './types.ts';
export type { CandidateTransaction, LedgerChange } from './validate.ts';
export {
  applyChange,
  assertLedger,
  CANDIDATE_ID,
  OversellError,
  previewTransaction,
  validateChange,
  validateLedger,
} from './validate.ts';
