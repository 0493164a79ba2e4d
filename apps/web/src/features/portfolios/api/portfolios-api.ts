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
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { portfolioListQuery } from '@/lib/portfolios/portfolio-list';

/** This feature's response schemas load with its first request (so zod is not in the first paint). */
const schema = schemaLoader(() => import('./portfolios-schemas'));

/** The keys live with the shared list query: other features read and refresh the same list. */
export { portfolioKeys } from '@/lib/portfolios/portfolio-list';

export const portfoliosQuery = () => portfolioListQuery(schema('portfolioListResponseSchema'));

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
