import {
  type AddTaxChange,
  apiBase,
  type ProjectionTaxLinkBody,
  type TaxHistory,
  taxRoutes,
  type UpdateTaxSettings,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';

/** This feature's response schemas load with its first request (so zod is not in the first paint). */
const schema = schemaLoader(() => import('./tax-schemas'));

/**
 * Tax figures are recomputed from the books on every visit (staleTime 0 below): a transaction
 * written elsewhere, or a method change, shows the next time a tax view opens.
 */
const fresh = { staleTime: 0 } as const;

/** Every tax figure hangs under 'tax', so a rule change refreshes all of them at once. */
export const taxKeys = {
  all: ['tax'] as const,
  settings: () => [...taxKeys.all, 'settings'] as const,
  /** Under 'tax': a method or rule change in Settings refreshes it with every tax figure. */
  history: () => [...taxKeys.all, 'history'] as const,
  lots: (portfolioId: string) => [...taxKeys.all, 'lots', portfolioId] as const,
  report: (portfolioId: string, year: number | null) =>
    [...taxKeys.all, 'report', portfolioId, year] as const,
  returns: (portfolioId: string, benchmark: string, explain: string | null, line: string | null) =>
    [...taxKeys.all, 'returns', portfolioId, benchmark, explain, line] as const,
  projection: (id: string) => [...taxKeys.all, 'projection', id] as const,
};

export const taxSettingsQuery = () =>
  queryOptions({
    queryKey: taxKeys.settings(),
    queryFn: ({ signal }) => apiRequest(taxRoutes.settings, { schema: schema('taxSettingsSchema'), signal }),
  });

export const lotsQuery = (portfolioId: string) =>
  queryOptions({
    ...fresh,
    queryKey: taxKeys.lots(portfolioId),
    queryFn: ({ signal }) =>
      apiRequest(`${taxRoutes.lots}?portfolio_id=${portfolioId}`, {
        schema: schema('lotsViewSchema'),
        signal,
      }),
  });

export const taxReportQuery = (portfolioId: string, year: number | null) =>
  queryOptions({
    ...fresh,
    queryKey: taxKeys.report(portfolioId, year),
    queryFn: ({ signal }) =>
      apiRequest(`${taxRoutes.report}?portfolio_id=${portfolioId}${year === null ? '' : `&year=${year}`}`, {
        schema: schema('taxReportResponseSchema'),
        signal,
      }),
  });

export const returnsQuery = (
  portfolioId: string,
  benchmark: string,
  explain: string | null,
  line: string | null,
) =>
  queryOptions({
    ...fresh,
    queryKey: taxKeys.returns(portfolioId, benchmark, explain, line),
    queryFn: ({ signal }) =>
      apiRequest(
        `${taxRoutes.returns}?portfolio_id=${portfolioId}&benchmark=${encodeURIComponent(benchmark)}${explain ? `&explain=${explain}` : ''}${line ? `&line=${line}` : ''}`,
        { schema: schema('returnsResponseSchema'), signal },
      ),
  });

export const projectionTaxQuery = (projectionId: string) =>
  queryOptions({
    ...fresh,
    queryKey: taxKeys.projection(projectionId),
    queryFn: ({ signal }) =>
      apiRequest(taxRoutes.projectionTax(projectionId), {
        schema: schema('projectionTaxResponseSchema'),
        signal,
      }),
  });

/** A download link for the report's CSV (the browser sends the session cookie with it). */
export function taxCsvHref(portfolioId: string, year: number, format: 'form8949' | 'generic'): string {
  return `${apiBase}${taxRoutes.reportCsv}?portfolio_id=${portfolioId}&year=${year}&format=${format}`;
}

/**
 * Query roots whose figures follow the tax rule: every tax figure (lots, reports, returns, linked
 * exit plans) and Oracle's tax-timing card. Named here rather than imported from the insights
 * feature, because shared code never depends on features.
 */
export const taxRuleQueryRoots: readonly string[] = [taxKeys.all[0], 'insights'];

const isSettingsKey = (key: readonly unknown[]) => key[0] === taxKeys.all[0] && key[1] === 'settings';

/**
 * Saves part of the tax settings. Saves run one at a time in the order made (one scope), so the
 * last choice is the one kept. The save is done when the server answers: the figures that follow
 * the rule refresh in the background, never holding the save pending (a market refresh restarts
 * every refetch, so on a loaded server that wait could outlast any test, or a person).
 */
export function useUpdateTaxSettings() {
  const client = useQueryClient();
  return useMutation({
    scope: { id: 'tax-settings' },
    mutationFn: (patch: UpdateTaxSettings) =>
      apiRequest(taxRoutes.settings, { method: 'PATCH', body: patch, schema: schema('taxSettingsSchema') }),
    onSuccess: async (saved) => {
      // A refetch begun before the save may still answer the copy from before it: drop it.
      await client.cancelQueries({ queryKey: taxKeys.settings() });
      client.setQueryData(taxKeys.settings(), saved);
      void client.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' &&
          taxRuleQueryRoots.includes(q.queryKey[0]) &&
          !isSettingsKey(q.queryKey),
      });
    },
  });
}

export function useLinkProjection(projectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectionTaxLinkBody) =>
      apiRequest(taxRoutes.projectionTax(projectionId), {
        method: 'PUT',
        body,
        schema: schema('projectionTaxResponseSchema'),
      }),
    onSuccess: (data) => client.setQueryData(taxKeys.projection(projectionId), data),
  });
}

export const taxHistoryQuery = () =>
  queryOptions({
    ...fresh,
    queryKey: taxKeys.history(),
    queryFn: ({ signal }) => apiRequest(taxRoutes.history, { schema: schema('taxHistorySchema'), signal }),
  });

/**
 * Adds a change from a tax year on, or removes the latest one. Either moves the current method
 * and rule too, so every figure that follows them (tax, portfolios, the settings) refreshes.
 */
export function useTaxHistoryChange() {
  const client = useQueryClient();
  const settled = async (history: TaxHistory) => {
    await client.cancelQueries({ queryKey: taxKeys.history() });
    client.setQueryData(taxKeys.history(), history);
    void client.invalidateQueries({
      predicate: (q) => !(q.queryKey[0] === taxKeys.all[0] && q.queryKey[1] === 'history'),
    });
  };
  const add = useMutation({
    scope: { id: 'tax-history' },
    mutationFn: (body: AddTaxChange) =>
      apiRequest(taxRoutes.history, { method: 'POST', body, schema: schema('taxHistorySchema') }),
    onSuccess: settled,
  });
  const remove = useMutation({
    scope: { id: 'tax-history' },
    mutationFn: () =>
      apiRequest(taxRoutes.historyLatest, { method: 'DELETE', schema: schema('taxHistorySchema') }),
    onSuccess: settled,
  });
  return { add, remove };
}
