import { type PortfolioSummary, unknownCostMessages } from '@app/contracts';
import type { MoneyFormatter } from '@/lib/settings';

/**
 * The pieces the summary figures are made of. The API gives capital invested (cost basis of the
 * coins still held) and the percentages with their documented bases (contracts roiFiguresSchema):
 * realized ÷ cost of the coins sold, total ÷ (cost of coins sold + cost basis held). The cost of
 * the coins sold is read back from the realized percentage, or from the total one.
 */
export function costOfCoinsSold(s: PortfolioSummary): number | null {
  const fromBase = (pl: string, pct: string | null) => {
    const p = pct === null ? 0 : Number(pct);
    return p === 0 ? null : (Number(pl) * 100) / p;
  };
  const realizedBase = fromBase(s.returns.realized.profitLoss, s.returns.realized.profitLossPercentage);
  if (realizedBase !== null) return realizedBase;
  const totalBase = fromBase(s.returns.total.profitLoss, s.returns.total.profitLossPercentage);
  if (totalBase !== null) return Math.max(0, totalBase - Number(s.total_investment));
  return Number(s.returns.realized.profitLoss) === 0 ? 0 : null;
}

/** One sentence or two per card: what the figure is, and how it adds up with the others. */
export function summaryDefinitions(s: PortfolioSummary, money: MoneyFormatter): Record<string, string> {
  const held = Number(s.total_investment);
  const sold = costOfCoinsSold(s);
  const method =
    s.cost_basis_method.toUpperCase() === 'AVERAGE' ? 'average cost' : s.cost_basis_method.toUpperCase();
  const counted = sold === null ? null : held + sold;
  const soldText =
    sold === null ? 'the cost of coins already sold' : `the cost of coins already sold (${money(sold)})`;
  const lots = s.lots_without_cost ?? 0;
  // Coins received without a cost are in the value, never in a cost or a P&L (that would take their cost as 0).
  const leftOut = lots > 0 ? ` ${capitalised(unknownCostMessages.lotsWithoutCost(lots))}.` : '';
  const disposals = s.disposals_with_unknown_cost ?? 0;
  const realizedLeftOut =
    disposals > 0 ? ` ${capitalised(unknownCostMessages.disposalsWithUnknownCost(disposals))}.` : '';
  return {
    'Total value': `What the coins you hold are worth at today's prices${s.unpriced_coins.length > 0 ? ' (coins without a price count at their cost)' : ''}.`,
    'Capital invested': `The cost basis of the coins you still hold (${method}): ${money(held)}. It leaves out ${soldText}${counted === null ? '' : `; together they are ${money(counted)}, every purchase cost the returns count`}. Total return is measured against that sum.${leftOut}`,
    'Total return': `Unrealized plus realized: ${money(s.returns.unrealized.profitLoss)} + ${money(s.returns.realized.profitLoss)} = ${money(s.returns.total.profitLoss)}. The percentage is of the cost still held plus ${soldText}${counted === null ? '' : ` = ${money(counted)}`}.`,
    Unrealized:
      lots > 0
        ? `Today's value of the coins you hold whose cost is known, minus their cost basis (${money(held)}): ${money(s.returns.unrealized.profitLoss)}. The percentage is of the cost basis held.${leftOut}`
        : `Today's value of the coins you hold minus their cost basis: ${money(s.total_value)} − ${money(held)} = ${money(s.returns.unrealized.profitLoss)}. The percentage is of the cost basis held.`,
    Realized: `What sales and transfers out brought in, after fees, minus ${soldText}. The percentage is of that cost.${realizedLeftOut}`,
    '24h change':
      "The change in the value of what you hold now over the last 24 hours, at today's quantities.",
  };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
