import {
  apiBase,
  type CsvImportRow,
  type ImportCommitBody,
  type ImportPreviewResponse,
  type Portfolio,
  type PortfolioCreateBody,
  type PortfolioUpdateBody,
  portfolioRoutes,
  type SymbolMap,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';

/** This feature's response schemas load with its first request (so zod is not in the first paint). */
const schema = schemaLoader(() => import('./portfolios-schemas'));

/** Query keys shared by name with the transactions and dashboard features (they invalidate these). */
export const portfolioKeys = {
  all: ['portfolios'] as const,
  list: () => [...portfolioKeys.all, 'list'] as const,
};

export const portfoliosQuery = () =>
  queryOptions({
    queryKey: portfolioKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest(portfolioRoutes.portfolios, { schema: schema('portfolioListResponseSchema'), signal }),
  });

export function createPortfolio(body: PortfolioCreateBody): Promise<Portfolio> {
  return apiRequest(portfolioRoutes.portfolios, { method: 'POST', body, schema: schema('portfolioSchema') });
}

export function updatePortfolio(id: string, body: PortfolioUpdateBody): Promise<Portfolio> {
  return apiRequest(portfolioRoutes.portfolio(id), {
    method: 'PUT',
    body,
    schema: schema('portfolioSchema'),
  });
}

export async function deletePortfolio(id: string): Promise<void> {
  await apiRequest(portfolioRoutes.portfolio(id), { method: 'DELETE' });
}

/** The file is sent again with each coin choice: the server re-validates every row with the map. */
export function previewImport(
  id: string,
  csv: string,
  symbolMap: SymbolMap = {},
): Promise<ImportPreviewResponse> {
  return apiRequest(portfolioRoutes.importPreview(id), {
    method: 'POST',
    body: { csv, preset: 'auto', symbol_map: symbolMap },
    schema: schema('importPreviewResponseSchema'),
    queueOffline: false,
    timeoutMs: 120_000,
  });
}

/** The same map as the preview: the server resolves and checks every row again before writing. */
export function commitImport(
  id: string,
  rows: readonly Pick<CsvImportRow, 'line' | 'symbol' | 'coin_id' | 'transaction' | 'outside_ref'>[],
  symbolMap: SymbolMap = {},
): Promise<{ created: number }> {
  const body: ImportCommitBody = {
    rows: rows.map((r) => ({
      line: r.line,
      symbol: r.symbol,
      coin_id: r.coin_id,
      transaction: r.transaction,
      ...(r.outside_ref ? { outside_ref: r.outside_ref } : {}),
    })),
    symbol_map: symbolMap,
  };
  return apiRequest(portfolioRoutes.importCommit(id), {
    method: 'POST',
    body,
    schema: schema('importCommitResponseSchema'),
    timeoutMs: 120_000,
  });
}

/** A plain link: the browser downloads the CSV with the session cookie. */
export const exportHref = (id: string) => `${apiBase}${portfolioRoutes.exportCsv(id)}`;
