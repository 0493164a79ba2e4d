export type { CapitalHistory, CoinCapital } from './capital.ts';
export { capitalHistory, coinCapital, dailyCapitalSeries, sampleCapital } from './capital.ts';
export { computeLedger } from './engine.ts';
export type { FeeCurrency, FeeIssue, FeeQuotes, FeeValue } from './fee-currency.ts';
export {
  feeCurrencyKnown,
  feeCurrencyOf,
  feeInCurrency,
  feeNeeds,
  hasForeignFee,
  withFeesIn,
} from './fee-currency.ts';
export { OUTPUT_SCALE, toDecimalString, toDecimalStringOrNull } from './format.ts';
export type { DailyCloseSeries, DailyHoldings } from './holdings.ts';
export { currentHolding, dailyHoldings, dailyHoldingsByCoin, dailyValueSeries } from './holdings.ts';
export type { NullableRoi, PnlFigures, PnlParts } from './metrics.ts';
export { coinPnl, pnlFigures, positionParts, sumParts } from './metrics.ts';
export type { OversellLead, OversellReader } from './oversell-text.ts';
export { describeOversell, oversellLeads } from './oversell-text.ts';
export { runningBalanceOversells } from './running-balance.ts';
export type { CoinFigures } from './scaled-replay.ts';
export { coinFigures } from './scaled-replay.ts';
export { LedgerInputError, parseInstant, sortTimeline, timelineOrder } from './timeline.ts';
export type {
  BlockedTransaction,
  CoinLedger,
  LedgerOptions,
  LedgerResult,
  LedgerTotals,
  LedgerTransaction,
} from './types.ts';
export { LEDGER_RULES_VERSION } from './types.ts';
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
