import { type InsightCard, insightKinds, insightSeverities } from '@app/contracts';
import { alertsInsight } from './alerts.ts';
import { concentrationInsight } from './concentration.ts';
import { dataHealthInsight, healthProblems } from './data-health.ts';
import { driftInsight } from './drift.ts';
import { exitPlanInsights } from './exit-plan.ts';
import { feeDragInsight } from './fees.ts';
import type { InsightsInput } from './input.ts';
import { lotPnlInsight } from './lot-pnl.ts';
import { riskFigures } from './risk.ts';
import { stablecoinInsight } from './stablecoins.ts';
import { stressInsight } from './stress.ts';
import { taxTimingInsight } from './tax-timing.ts';
import { volatilityInsight } from './volatility.ts';

const severityRank = (c: InsightCard) => insightSeverities.indexOf(c.severity);
const kindRank = (c: InsightCard) => insightKinds.indexOf(c.kind);

/**
 * Every insight for one scope, ranked: most severe first, then in kind order. Cards whose
 * figures depend on a data-health problem carry it as a caveat. Pure and deterministic: the same
 * input gives the same cards.
 */
export function buildInsights(input: InsightsInput): InsightCard[] {
  if (input.transactionCount === 0) return [];
  const problems = healthProblems(input);
  const risk = riskFigures(input);
  const cards = [
    concentrationInsight(input),
    driftInsight(input),
    lotPnlInsight(input),
    ...exitPlanInsights(input),
    volatilityInsight(input, risk),
    stressInsight(input, risk),
    feeDragInsight(input),
    stablecoinInsight(input),
    alertsInsight(input),
    dataHealthInsight(input, problems),
    taxTimingInsight(input),
  ].filter((c): c is InsightCard => c !== null);
  for (const c of cards) {
    c.caveats = problems.filter((p) => p.affects.includes(c.kind)).map((p) => p.message);
  }
  return cards
    .map((c, i) => ({ c, i }))
    .sort((a, b) => severityRank(a.c) - severityRank(b.c) || kindRank(a.c) - kindRank(b.c) || a.i - b.i)
    .map(({ c }) => c);
}
