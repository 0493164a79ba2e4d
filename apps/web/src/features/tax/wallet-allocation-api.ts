import { type ConfirmWalletAllocation, taxRoutes, type WalletAllocation } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { taxKeys } from '@/lib/tax/tax-api';

const schema = schemaLoader(() => import('./wallet-allocation-schemas'));

/** Under 'tax': a rule or method change in Settings refreshes the proposal with every tax figure. */
const allocationKey = [...taxKeys.all, 'wallet-allocation'] as const;

export const walletAllocationQuery = () =>
  queryOptions({
    staleTime: 0,
    queryKey: allocationKey,
    queryFn: ({ signal }) =>
      apiRequest(taxRoutes.walletAllocation, { schema: schema('walletAllocationSchema'), signal }),
  });

/** Every line of an allocation as shown, the body that confirms it. */
export function confirmBody(allocation: WalletAllocation): ConfirmWalletAllocation {
  return {
    pieces: allocation.coins.flatMap((c) =>
      c.portfolios.flatMap((p) =>
        p.pieces.map((piece) => ({
          acquisition_id: piece.acquisition_id,
          portfolio_id: p.portfolio_id,
          quantity: piece.quantity,
        })),
      ),
    ),
  };
}

/**
 * Confirms the allocation shown (PUT) or goes back to the proposal (DELETE). Either changes the
 * figures from 2025 on, so every tax view refreshes after the answer.
 */
export function useWalletAllocationChange() {
  const client = useQueryClient();
  return useMutation({
    scope: { id: 'wallet-allocation' },
    mutationFn: (change: { confirm: WalletAllocation } | { reset: true }) =>
      'confirm' in change
        ? apiRequest(taxRoutes.walletAllocation, {
            method: 'PUT',
            body: confirmBody(change.confirm),
            schema: schema('walletAllocationSchema'),
            queueOffline: false,
          })
        : apiRequest(taxRoutes.walletAllocation, {
            method: 'DELETE',
            schema: schema('walletAllocationSchema'),
            queueOffline: false,
          }),
    onSuccess: async (saved) => {
      await client.cancelQueries({ queryKey: allocationKey });
      client.setQueryData(allocationKey, saved);
      void client.invalidateQueries({
        predicate: (q) => q.queryKey[0] === taxKeys.all[0] && q.queryKey[1] !== allocationKey[1],
      });
    },
  });
}
