import type { PerPortfolioInput } from '@app/core';
import type { Db } from '../../db/client.ts';
import type { TaxWalletAllocationRow } from '../../db/schema/index.ts';
import { findWalletAllocation } from './wallet-allocation.repository.ts';

/** The engine's per-portfolio input with its cache key, and the stored rows it came from. */
export interface PerPortfolioRun {
  key: string;
  input: PerPortfolioInput;
  rows: TaxWalletAllocationRow[];
}

/**
 * The stored allocation as the engine reads it. `apply`: the setting is on under the US rule, so
 * sales from 2025 draw on the lots as allocated; off, the run only reports the allocation.
 */
export async function perPortfolioRun(db: Db, userId: string, apply: boolean): Promise<PerPortfolioRun> {
  const rows = await findWalletAllocation(db, userId);
  const confirmed = rows.map((r) => ({
    acquisitionId: r.acquisitionId,
    portfolioId: r.portfolioId,
    quantity: r.quantity,
  }));
  const lines = confirmed.map((l) => `${l.acquisitionId}:${l.portfolioId}:${l.quantity}`).join(',');
  return { key: `${apply ? 'on' : 'probe'}|${lines}`, input: { confirmed, apply }, rows };
}
