export type { YearFigures, YearSummaryCalc } from './allowance-types.ts';
export type { SummaryOptions, YearSummaryOptions } from './allowances.ts';
export { buildYearSummary, summarizeYears, yearFigures, yearSummaryFromFigures } from './allowances.ts';
export { deExemptionLimit } from './allowances-de.ts';
export { usLossDeductionLimit } from './allowances-us.ts';
export { computeTax } from './compute.ts';
export { form8949Csv, form8949Header, genericCsvHeader, genericTaxCsv } from './csv.ts';
export type { CalendarDay, TaxYear } from './dates.ts';
export { dayInZone, dayToIso, isoToDay, oneYearLater, ruleTimeZone, taxYear, taxYearOf } from './dates.ts';
export type { DecisionRates, DecisionsOptions } from './decisions.ts';
export { taxDecisions } from './decisions.ts';
export type { PlannedSale, PlanOptions, PlanTax, SaleLotLine, SaleTax, TaxAwarePlan } from './exit-plan.ts';
export { planTax, taxAwarePlan } from './exit-plan.ts';
export type { NamedLot, NamedShortfall } from './lot-book.ts';
export type {
  LotChoiceInput,
  LotChoiceIssue,
  LotChoiceIssueKind,
  LotChoiceOutcome,
  LotChoices,
} from './lot-choice.ts';
export { choiceAgainstLots, namedLots, namedTotal } from './lot-choice.ts';
export type { LotLineProblem } from './lot-choice-problems.ts';
export { lotChoiceProblems } from './lot-choice-problems.ts';
export type { ChoiceFigures, ChoiceLot, ChoiceSale } from './lot-minimiser.ts';
export {
  bookOf,
  choiceFigures,
  methodLotChoice,
  methodLotOrder,
  minimiseLotChoice,
  minimiseLotOrder,
  piecesFigures,
  takeInOrder,
} from './lot-minimiser.ts';
export type { LotsViewOptions } from './lots-view.ts';
export { buildLotsView } from './lots-view.ts';
export type {
  AllocationStatus,
  CoinAllocationCalc,
  PerPortfolioInput,
  WalletAllocationCalc,
} from './per-portfolio.ts';
export { placedPortfolios } from './per-portfolio.ts';
export type { RegimeCalc, RegimeEntry } from './regimes.ts';
export { computationForYear, perYearOf, regimeOfYear, sameTaxCalendar } from './regimes.ts';
export type { ReportOptions } from './report.ts';
export { buildTaxReport, categoryRate, disposalOut, taxYearsWithActivity } from './report.ts';
export type { RuleOptions } from './rules.ts';
export { categoryOf, effectiveMethod, qualifiesOn, qualifyingLabel, ruleCategories } from './rules.ts';
export { linkOwnTransfers } from './transfers.ts';
export type {
  DisposalCalc,
  HoldingCalc,
  IncomeCalc,
  LineCalc,
  TaxComputation,
  TaxInput,
  TaxTransaction,
} from './types.ts';
export { bedAndBreakfastDays } from './uk-engine.ts';
export { ukAnnualExemptAmount } from './uk-exempt.ts';
export type {
  AllocationLine,
  AllocationPieceCalc,
  AllocationProblem,
  CoinYearEnd,
  PlacedPiece,
  YearEndLot,
} from './wallet-allocation.ts';
export {
  allocationProblems,
  perPortfolioFromMs,
  piecesByAcquisition,
  proposeCoinAllocation,
  yearEndByCoin,
} from './wallet-allocation.ts';
export { heldQuantity, type WhatIfSaleInput, whatIfSale } from './what-if.ts';
