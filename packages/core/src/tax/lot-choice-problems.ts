import type { LotProblemReason } from '@app/contracts';
import { Dec } from '../decimal.ts';
import type { NamedShortfall } from './lot-book.ts';
import { compareTimeline, timelineKey } from './prepare.ts';
import type { TaxTransaction } from './types.ts';
import { perPortfolioFromMs } from './wallet-allocation.ts';

/** One named lot that cannot cover what the sale asks of it, and why. */
export interface LotLineProblem {
  /** The line's place in the choice as sent. */
  index: number;
  /** The field the reason belongs on: the lot itself, or the quantity asked of it. */
  field: 'acquisition_id' | 'quantity';
  reason: LotProblemReason;
  /** Units of the lot the sale's book held at the sale's time. */
  available: Dec;
}

const acquisitions = new Set(['buy', 'reward', 'transfer_in']);

/**
 * Why each named lot fell short at the sale's time, from the user's rows (all portfolios): no
 * such acquisition of theirs, another coin, not an acquisition, a deposit whose lots are those
 * of its own transfer, acquired after the sale in the timeline, held in another portfolio, or
 * used by earlier disposals. Each shortfall is said on the first line naming that lot.
 */
export function lotChoiceProblems(
  transactions: readonly TaxTransaction[],
  links: ReadonlyMap<string, string>,
  sale: TaxTransaction,
  named: readonly { acquisitionId: string }[],
  shortfalls: readonly NamedShortfall[],
  /**
   * Per-portfolio lots from 2025: acquisition id → the portfolios its 2024 units were placed in.
   * A sale from 2025 may name only lots placed in (or acquired in) its own portfolio.
   */
  placed?: ReadonlyMap<string, ReadonlySet<string>> | undefined,
): LotLineProblem[] {
  const byId = new Map(transactions.map((t) => [t.id, t]));
  const arrivals = new Set(links.values());
  const saleKey = timelineKey(sale);
  const problems: LotLineProblem[] = [];
  for (const s of shortfalls) {
    const index = named.findIndex((n) => n.acquisitionId === s.acquisitionId);
    if (index < 0) continue;
    const lot = byId.get(s.acquisitionId);
    let reason: LotProblemReason;
    if (!lot) reason = 'unknown';
    else if (lot.coin_id !== sale.coin_id) reason = 'other_coin';
    else if (!acquisitions.has(lot.type)) reason = 'not_acquisition';
    else if (arrivals.has(lot.id)) reason = 'moved_lots';
    else if (compareTimeline(timelineKey(lot), saleKey) > 0) reason = 'after_sale';
    else if (s.available.isZero() && !inSalePortfolio(lot, sale, placed)) reason = 'other_portfolio';
    else reason = 'used';
    problems.push({
      index,
      field: reason === 'used' ? 'quantity' : 'acquisition_id',
      reason,
      available: new Dec(s.available),
    });
  }
  return problems.sort((a, b) => a.index - b.index);
}

/** Where the lot's units sat for the sale: placed by the 2024 allocation, else where it was acquired. */
function inSalePortfolio(
  lot: TaxTransaction,
  sale: TaxTransaction,
  placed: ReadonlyMap<string, ReadonlySet<string>> | undefined,
): boolean {
  const where = placed?.get(lot.id);
  if (where !== undefined && Date.parse(sale.executed_at) >= perPortfolioFromMs)
    return where.has(sale.portfolio_id);
  return lot.portfolio_id === sale.portfolio_id;
}
