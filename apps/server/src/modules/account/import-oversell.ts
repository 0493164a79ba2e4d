import { type AccountExport, accountDataMessages } from '@app/contracts';
import { computeLedger, LedgerInputError, type LedgerTransaction } from '@app/core';

/**
 * The one rule every ledger write keeps, applied to the file's portfolios before anything is
 * written: no portfolio sells or sends more of a coin than it holds at that point of its timeline.
 * An export of ours never breaks it; an edited file may, and the books would then be wrong.
 * Answers the words for the first portfolio that does, or null.
 */
export function firstOversell(file: AccountExport): string | null {
  const byPortfolio = new Map<string, LedgerTransaction[]>();
  for (const t of file.transactions) {
    const row: LedgerTransaction = {
      id: t.id,
      coin_id: t.coin_id,
      type: t.type,
      quantity: t.quantity,
      price_per_coin: t.price_per_coin,
      fee: t.fee,
      ...(t.fee_currency ? { fee_currency: t.fee_currency } : {}),
      executed_at: t.executed_at,
      created_at: t.created_at,
    };
    const list = byPortfolio.get(t.portfolio_id);
    if (list) list.push(row);
    else byPortfolio.set(t.portfolio_id, [row]);
  }
  for (const portfolio of file.portfolios) {
    const rows = byPortfolio.get(portfolio.id);
    if (!rows) continue;
    let violation: { coin_id: string } | undefined;
    try {
      violation = computeLedger(rows, { explain: false }).violations[0];
    } catch (error) {
      if (error instanceof LedgerInputError) return accountDataMessages.damaged;
      throw error;
    }
    if (violation) return accountDataMessages.oversold(portfolio.name, violation.coin_id);
  }
  return null;
}
