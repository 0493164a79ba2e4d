// Loaded by insights-api.ts with its first request (issue 15).
export {
  insightExplainResponseSchema,
  insightSettingsSchema,
  insightsResponseSchema,
  narrateEventSchema,
  narratePromptResponseSchema,
  portfolioListResponseSchema,
  targetsResponseSchema,
} from '@app/contracts';
