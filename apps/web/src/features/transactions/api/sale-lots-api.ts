import { lotChoiceRoutes } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { taxKeys } from '@/lib/tax/tax-api';

const schema = schemaLoader(() => import('./sale-lots-schemas'));

export interface SaleLotsParams {
  portfolioId: string;
  coinId: string;
  /** The sale's date and time (ISO 8601). */
  date: string;
  /** The sale being edited. */
  transactionId?: string | undefined;
}

/**
 * The lots a sale can name at its time. Under the 'tax' key, so a write that refreshes the tax
 * figures refreshes these too; always fetched afresh (staleTime 0), since any earlier sale moves them.
 */
export const saleLotsQuery = (p: SaleLotsParams) =>
  queryOptions({
    queryKey: [...taxKeys.all, 'sale-lots', p.portfolioId, p.coinId, p.date, p.transactionId ?? null],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ portfolio_id: p.portfolioId, coin_id: p.coinId, date: p.date });
      if (p.transactionId) params.set('transaction_id', p.transactionId);
      return apiRequest(`${lotChoiceRoutes.saleLots}?${params.toString()}`, {
        schema: schema('saleLotsResponseSchema'),
        signal,
      });
    },
    staleTime: 0,
    enabled: p.portfolioId !== '' && p.coinId !== '' && p.date !== '',
  });
