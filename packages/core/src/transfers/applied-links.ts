import type { TransferMatchResult } from './types.ts';

/**
 * The pairs the books treat as own transfers: everything matched (by transaction id, by hand, or
 * confirmed) and every proposal, since the window rules say a proposal is one own transfer until
 * the owner undoes it. Ambiguous movements are not applied until the owner picks a counterpart.
 * Out id → in id.
 */
export function appliedTransferLinks(
  result: Pick<TransferMatchResult, 'matched' | 'proposed'>,
): Map<string, string> {
  const links = new Map<string, string>();
  for (const m of result.matched) links.set(m.outId, m.inId);
  for (const m of result.proposed) links.set(m.outId, m.inId);
  return links;
}
