import { type InsightCard, insightMessages } from '@app/contracts';
import { card } from './card.ts';
import type { InsightsInput } from './input.ts';

/**
 * Kind 11. Needs tax lots with holding periods (issue 12). Until that capability exists the
 * card says so and carries no figures: a guessed holding period would be a fake insight.
 */
export function taxTimingInsight(input: InsightsInput): InsightCard | null {
  if (input.taxLotsAvailable) return null;
  return card({
    kind: 'tax_timing',
    severity: 'info',
    title: 'Tax timing',
    headline: insightMessages.taxUnavailable,
    figures: {},
    formula:
      'Will show lots crossing your holding-period threshold in the next 30 and 90 days and losses you could harvest, once tax lots exist.',
    numbers: [],
    available: false,
  });
}
