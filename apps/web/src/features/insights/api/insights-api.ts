import {
  type InsightKind,
  insightsRoutes,
  type NarrateEvent,
  type PutTargets,
  type UpdateInsightSettings,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { portfolioListQuery } from '@/lib/portfolios/portfolio-list';

/** This feature's response schemas load with its first request (so zod is not in the first paint). */
const schema = schemaLoader(() => import('./insights-schemas'));

export const insightKeys = {
  all: ['insights'] as const,
  feed: (portfolioId: string) => [...insightKeys.all, 'feed', portfolioId] as const,
  explain: (portfolioId: string, kind: InsightKind, subject: string | undefined) =>
    [...insightKeys.all, 'explain', portfolioId, kind, subject ?? null] as const,
  targets: (portfolioId: string) => [...insightKeys.all, 'targets', portfolioId] as const,
  settings: () => [...insightKeys.all, 'settings'] as const,
  prompt: (portfolioId: string) => [...insightKeys.all, 'prompt', portfolioId] as const,
};

const scope = (portfolioId: string) => `?portfolio_id=${encodeURIComponent(portfolioId)}`;

export const insightsQuery = (portfolioId: string) =>
  queryOptions({
    queryKey: insightKeys.feed(portfolioId),
    queryFn: ({ signal }) =>
      apiRequest(`${insightsRoutes.list}${scope(portfolioId)}`, {
        schema: schema('insightsResponseSchema'),
        signal,
      }),
  });

/** Every row of one card: the kind, and for a kind with one card per projection, that card's subject. */
export const explainInsightQuery = (portfolioId: string, kind: InsightKind, subject?: string) =>
  queryOptions({
    queryKey: insightKeys.explain(portfolioId, kind, subject),
    queryFn: ({ signal }) =>
      apiRequest(
        `${insightsRoutes.explain.replace(':kind', kind)}${scope(portfolioId)}${
          subject === undefined ? '' : `&subject=${encodeURIComponent(subject)}`
        }`,
        {
          schema: schema('insightExplainResponseSchema'),
          signal,
        },
      ),
  });

export const targetsQuery = (portfolioId: string) =>
  queryOptions({
    queryKey: insightKeys.targets(portfolioId),
    queryFn: ({ signal }) =>
      apiRequest(`${insightsRoutes.targets}${scope(portfolioId)}`, {
        schema: schema('targetsResponseSchema'),
        signal,
      }),
  });

export const insightSettingsQuery = () =>
  queryOptions({
    queryKey: insightKeys.settings(),
    queryFn: ({ signal }) =>
      apiRequest(insightsRoutes.settings, { schema: schema('insightSettingsSchema'), signal }),
  });

export const narratePromptQuery = (portfolioId: string) =>
  queryOptions({
    queryKey: insightKeys.prompt(portfolioId),
    queryFn: ({ signal }) =>
      apiRequest(`${insightsRoutes.narratePrompt}${scope(portfolioId)}`, {
        schema: schema('narratePromptResponseSchema'),
        signal,
      }),
  });

/** The same list (and query key) the other pages use, so the selector shares their cache. */
export const insightPortfoliosQuery = () => portfolioListQuery(schema('portfolioListResponseSchema'));

export const putTargets = (body: PutTargets) =>
  apiRequest(insightsRoutes.targets, { method: 'PUT', body, schema: schema('targetsResponseSchema') });

export const updateInsightSettings = (body: UpdateInsightSettings) =>
  apiRequest(insightsRoutes.settings, { method: 'PATCH', body, schema: schema('insightSettingsSchema') });

export const consentToNarration = () =>
  apiRequest(insightsRoutes.narrateConsent, {
    method: 'POST',
    schema: schema('insightSettingsSchema'),
    queueOffline: false,
  });

/**
 * The one agreement to send the prompt. The feed says whether it was given, so it is asked for
 * again before the first summary runs. Like the direct call it replaces, it runs at once even
 * offline (and fails there) rather than waiting for the network, and a failure shows no message.
 */
export function useNarrationConsent(portfolioId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: consentToNarration,
    networkMode: 'always',
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: insightKeys.feed(portfolioId) }),
  });
}

/**
 * Streams the narrative: calls `onEvent` per server event (text deltas, then `done` with the
 * unverified numbers, or `error`). Errors before the stream starts (consent, scope) reject.
 */
export async function narrate(
  portfolioId: string,
  onEvent: (event: NarrateEvent) => void,
  signal?: AbortSignal,
) {
  const schemas = import('./insights-schemas');
  schemas.catch(() => {});
  const response = await apiFetch(insightsRoutes.narrate, {
    method: 'POST',
    body: { portfolio_id: portfolioId },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok || !response.body) {
    onEvent({
      type: 'error',
      message: 'The summary could not be started. Your insight cards are unaffected.',
    });
    return;
  }
  const { narrateEventSchema } = await schemas;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      if (!frame.startsWith('data: ')) continue;
      const parsed = narrateEventSchema.safeParse(JSON.parse(frame.slice(6)));
      if (parsed.success) onEvent(parsed.data);
    }
  }
}
