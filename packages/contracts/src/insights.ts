import { z } from 'zod';
import { baseCurrencySchema } from './base-currency.ts';
import { decimalOut, decimalString } from './decimal-strings.ts';
import { coinIdSchema } from './entity-ids.ts';
import { insightKinds, insightSeverities } from './insights-constants.ts';

/*
 * Oracle (the /insights page): insight cards computed by deterministic code in
 * packages/core from the figures the dashboard shows. A language model may only narrate them.
 */

export const insightKindSchema = z.enum(insightKinds);

export const insightNumberSchema = z.object({ label: z.string(), value: z.string() });
export type InsightNumber = z.infer<typeof insightNumberSchema>;

/** A table behind a card: the lots, candles, plan rows or transactions used. */
export const insightTableSchema = z.object({
  title: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  /** Rows left out of `rows` (the card keeps a few; explain/ returns them all). */
  omitted: z.number().int().nonnegative(),
});
export type InsightTable = z.infer<typeof insightTableSchema>;

export const insightActionSchema = z.object({
  label: z.string(),
  /** An app path: /cryptocurrencies/{id}, /projections/{id}, /transactions?coin=…, /insights#targets. */
  href: z.string(),
  /**
   * Present when the action opens the alert dialog prefilled for a coin and a price, typed in
   * `currency` (the plan's; absent: the user's base currency).
   */
  alert: z
    .object({ coin_id: z.string(), price: z.string(), currency: baseCurrencySchema.optional() })
    .optional(),
});
export type InsightAction = z.infer<typeof insightActionSchema>;

export const insightCardSchema = z.object({
  kind: insightKindSchema,
  /**
   * What the card is about when a kind has one card per thing (the projection id of an exit-plan
   * card); absent for kinds with one card per scope. explain/ takes it to explain that very card.
   */
  subject: z.string().optional(),
  severity: z.enum(insightSeverities),
  title: z.string(),
  /** One line with the card's figures, already formatted. */
  headline: z.string(),
  /** Machine-readable figures (decimal strings or rounded statistics), also what narration receives. */
  figures: z.record(z.string(), z.string()),
  why: z.object({
    formula: z.string(),
    numbers: z.array(insightNumberSchema),
    tables: z.array(insightTableSchema),
  }),
  actions: z.array(insightActionSchema),
  /** Data-health problems this card's figures depend on (unpriced coins, demo or stale data…). */
  caveats: z.array(z.string()),
  /** True for model-based figures (beta scenarios): labelled as an estimate. */
  estimate: z.boolean(),
  /** False when the capability behind the card does not exist yet (tax lots). */
  available: z.boolean(),
});
export type InsightCard = z.infer<typeof insightCardSchema>;

const portfolioScope = z.union([z.literal('all'), z.uuid()]);

export const insightsQuerySchema = z.object({
  portfolio_id: portfolioScope.default('all'),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

export const insightsResponseSchema = z.object({
  portfolio_id: z.string().nullable(),
  base_currency: z.string(),
  cost_basis_method: z.string(),
  generated_at: z.string(),
  market: z.object({ source: z.string(), as_of: z.string(), stale: z.boolean(), demo: z.boolean() }),
  cards: z.array(insightCardSchema),
  /** Set when the scope has no transactions: the honest empty state and the first step. */
  empty: z.object({ message: z.string(), action: insightActionSchema }).nullable(),
  narration: z.object({ available: z.boolean(), consented: z.boolean() }),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;

export const insightExplainParamsSchema = z.object({ kind: insightKindSchema });
export const insightExplainQuerySchema = insightsQuerySchema.extend({
  /** The card's `subject`, for kinds with one card per thing (exit plans per projection). */
  subject: z.string().min(1).max(100).optional(),
});
export type InsightExplainQuery = z.infer<typeof insightExplainQuerySchema>;
export const insightExplainResponseSchema = z.object({ card: insightCardSchema });
export type InsightExplainResponse = z.infer<typeof insightExplainResponseSchema>;

// ---------------------------------------------------------------------------------------
// Target allocation (kind 2) and the user's insight settings.

export const targetTypes = ['coin', 'category'] as const;

export const allocationTargetSchema = z.object({
  type: z.enum(targetTypes),
  /** A coin id for `coin`, a category id (stablecoins, layer-1…) for `category`. */
  key: coinIdSchema,
  percentage: decimalString('positive', 'Target'),
});
export type AllocationTarget = z.infer<typeof allocationTargetSchema>;

export const insightMessages = {
  targetsSum: (sum: string) => `Targets must add up to 100 %; these add up to ${sum} %.`,
  targetTooLarge: 'A target cannot exceed 100 %.',
  targetDuplicate: 'This coin or category has a target already.',
  targetsMixed: 'Use targets per coin or per category, not both at once.',
  narrationUnavailable: 'Narration is not configured on this server.',
  consentRequired: 'Agree to what will be sent before the first summary.',
  llmDown: 'The language model could not be reached. Your insight cards are unaffected.',
  llmTimeout: 'The language model took too long to answer. Your insight cards are unaffected.',
  llmBusy: 'The language model is busy (rate limited). Try again in a minute; your cards are unaffected.',
  llmGarbage: 'The language model answered something unreadable. Your insight cards are unaffected.',
  emptyPortfolio: 'No transactions yet, so there is nothing to analyse.',
  taxUnavailable: 'Available when tax lots land.',
  taxRuleMissing:
    'Choose your tax rule (tax settings) to see lots turning long-term or tax-free and losses you could harvest.',
} as const;

export const putTargetsSchema = z
  .object({
    portfolio_id: portfolioScope,
    targets: z.array(allocationTargetSchema).max(100),
  })
  .strict();
export type PutTargets = z.infer<typeof putTargetsSchema>;

export const targetsQuerySchema = z.object({ portfolio_id: portfolioScope.default('all') });

export const targetsResponseSchema = z.object({
  portfolio_id: z.string().nullable(),
  targets: z.array(z.object({ type: z.enum(targetTypes), key: z.string(), percentage: decimalOut })),
});
export type TargetsResponse = z.infer<typeof targetsResponseSchema>;

export const insightSettingsSchema = z.object({
  /** Warn when the largest position exceeds this share of the portfolio, in percent. */
  concentration_threshold: decimalOut,
  /** An alert or exit rung counts as near when the price is within this many percent. */
  near_percent: decimalOut,
  narration_consented_at: z.string().nullable(),
});
export type InsightSettings = z.infer<typeof insightSettingsSchema>;

export const defaultInsightSettings = { concentration_threshold: '40', near_percent: '10' } as const;

export const updateInsightSettingsSchema = z
  .object({
    concentration_threshold: decimalString('positive', 'Threshold')
      .refine((v) => Number(v) <= 100, 'Threshold must be at most 100 %')
      .optional(),
    near_percent: decimalString('positive', 'Distance')
      .refine((v) => Number(v) <= 100, 'Distance must be at most 100 %')
      .optional(),
  })
  .strict();
export type UpdateInsightSettings = z.infer<typeof updateInsightSettingsSchema>;

// ---------------------------------------------------------------------------------------
// Narration: aggregate payload only (no ids, no transactions, no user text).

export const narrateBodySchema = z.object({ portfolio_id: portfolioScope.default('all') }).strict();

export const narratePromptResponseSchema = z.object({
  /** The exact messages that would be sent, as one text for review and "Copy prompt". */
  prompt: z.string(),
  /** The aggregate JSON inside the prompt. */
  payload: z.string(),
  consented: z.boolean(),
});
export type NarratePromptResponse = z.infer<typeof narratePromptResponseSchema>;

/**
 * Events of the narrate stream (text/event-stream): `delta` carries text, `done` carries the
 * numbers that were not found in the payload, `error` a message (the cards stay).
 */
export const narrateEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), unverified: z.array(z.string()) }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type NarrateEvent = z.infer<typeof narrateEventSchema>;
