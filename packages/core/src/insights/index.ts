// The insights API of core: one feed builder, the narration helpers, and the figures the
// server needs to gather its input. Card-building helpers stay internal.
export { alertDistances } from './alerts.ts';
export { healthProblems } from './data-health.ts';
export { driftRows, restoringTrades } from './drift.ts';
export { rungStatuses } from './exit-plan.ts';
export { buildInsights } from './feed.ts';
export { averageFeeRate, feeTotals } from './fees.ts';
export type * from './input.ts';
export { lotPnls } from './lot-pnl.ts';
export {
  narrationInstructions,
  narrationMessages,
  narrationPayload,
  narrationPromptText,
  unverifiedNumbers,
} from './narration.ts';
export { riskFigures } from './risk.ts';
export { stressScenarios } from './stress.ts';
