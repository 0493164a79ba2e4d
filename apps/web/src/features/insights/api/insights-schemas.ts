// Loaded by insights-api.ts with its first request, so zod stays out of the first paint.
export {
  insightExplainResponseSchema,
  insightSettingsSchema,
  insightsResponseSchema,
  narrateEventSchema,
  narratePromptResponseSchema,
  portfolioListResponseSchema,
  targetsResponseSchema,
} from '@app/contracts';
