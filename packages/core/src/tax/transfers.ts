import { appliedTransferLinks } from '../transfers/applied-links.ts';
import { matchTransfers } from '../transfers/match-transfers.ts';
import type { TransferMovement } from '../transfers/types.ts';
import type { TaxTransaction } from './types.ts';

/**
 * Own transfers among the rows by the one transfer matcher, for a caller with no decisions of the
 * owner and no transaction ids (the server passes its own links, see TaxInput.links): a
 * transfer_out and a transfer_in of one coin in two portfolios that fit each other and nothing
 * else (the in from 1 hour before to 24 hours after the out, the out less at most 1 %). A pair is
 * a move, not a disposal: the lots travel with their cost and acquisition date, and the part of
 * the out that did not arrive paid the network.
 */
export function linkOwnTransfers(txs: readonly TaxTransaction[]): Map<string, string> {
  const movements: TransferMovement[] = [];
  for (const t of txs) {
    if (t.type !== 'transfer_out' && t.type !== 'transfer_in') continue;
    movements.push({
      id: t.id,
      portfolioId: t.portfolio_id,
      coinId: t.coin_id,
      direction: t.type === 'transfer_out' ? 'out' : 'in',
      quantity: t.quantity,
      executedAt: t.executed_at,
      sourceKind: 'manual',
    });
  }
  return appliedTransferLinks(matchTransfers(movements));
}
