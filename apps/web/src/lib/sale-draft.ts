/**
 * A sale to open the transaction form with, carried in the router's state from the page that
 * proposes it (the what-if's lowest-tax choice) to the transactions page: features do not import
 * each other, so the shape lives here. Router state is the browser's own history entry: a reload
 * keeps it, a shared link does not carry it.
 */
export interface SaleDraft {
  portfolio_id: string;
  coin_id: string;
  quantity: string;
  price_per_coin: string;
  lots: { acquisition_id: string; quantity: string }[];
}

/** The draft in a location's state, when it holds one. */
export function saleDraftOf(state: unknown): SaleDraft | undefined {
  const draft = (state as { saleDraft?: SaleDraft } | null)?.saleDraft;
  return draft && typeof draft.coin_id === 'string' && Array.isArray(draft.lots) ? draft : undefined;
}
