import { Dec } from '../decimal.ts';
import type { CalendarDay } from './dates.ts';
import type { Piece } from './lot-book.ts';
import type { PreparedTx } from './prepare.ts';
import type { DisposalCalc, TaxComputation } from './types.ts';
import { runUkRules } from './uk-engine.ts';

const zero = new Dec(0);

/** A planned sale as the UK replay sees it: when, and how many units (already capped). */
export interface UkPlannedDisposal {
  day: CalendarDay;
  quantity: Dec;
}

export interface UkPlanReplay {
  /** Per planned sale, in the order given: what it is matched with. */
  pieces: Piece[][];
  /** The ledger's own disposals of the plan's coin as they are matched with the plan in place. */
  ledgerDisposals: DisposalCalc[];
}

/**
 * Planned sales under HMRC share identification (CRYPTO22200+), by replaying the ledger with the
 * planned sales added as disposals on their days, through the same runUkRules the realized-gains
 * report uses (one implementation per rule, so a plan and the report never disagree):
 *
 * 1. Same day: acquisitions on the sale's day (what of them is left after the ledger's own sales).
 * 2. Thirty days: acquisitions in the 30 days after the sale day, earliest disposal first. A plan
 *    holds only sales, so these are the ledger's own buys dated after a planned sale's day; a
 *    planned sale with no later buy (the usual case: a sale planned for today or later) assumes
 *    no purchase of the coin follows it within 30 days.
 * 3. Section 104 pool: the rest at the pool's average cost on that day.
 *
 * The pool is the person's, across portfolios; a plan on one portfolio sells from it at the
 * person's average. A planned sale earlier than a ledger sale can take the 30-day acquisitions
 * that sale used, so the ledger's disposals of the coin are returned as replayed.
 */
export function replayUkPlan(
  computation: TaxComputation,
  coinId: string,
  portfolioId: string | null,
  sales: readonly UkPlannedDisposal[],
): UkPlanReplay {
  const timeline = (computation.ukTimeline ?? []).filter((p) => p.tx.coin_id === coinId);
  const holder =
    portfolioId ??
    computation.holdings.find((h) => h.coinId === coinId && h.quantity.gt(0))?.portfolioId ??
    '';
  const planned: PreparedTx[] = [];
  sales.forEach((s, i) => {
    if (s.quantity.lte(0)) return;
    planned.push({
      tx: {
        id: `plan:${i}`,
        portfolio_id: holder,
        coin_id: coinId,
        type: 'sell',
        quantity: s.quantity.toFixed(),
        price_per_coin: '0',
        fee: '0',
        executed_at: new Date(s.day * 86_400_000).toISOString(),
      },
      at: s.day * 86_400_000,
      day: s.day,
      quantity: s.quantity,
      price: zero,
      fee: zero,
    });
  });
  // Stable by day: on one day the ledger's sales come first, then the plan's in its order.
  const ordered = [...timeline, ...planned.sort((a, b) => a.day - b.day)].sort((a, b) => a.day - b.day);
  const replay = runUkRules(ordered, computation.options, computation.links, computation.zone);
  const byId = new Map(replay.disposals.map((d) => [d.transactionId, d]));
  const pieces = sales.map((_, i): Piece[] => {
    const d = byId.get(`plan:${i}`);
    if (!d) return [];
    return d.lines.map((l) => ({
      kind: l.basis === 'section_104' ? 'pool' : l.basis === 'unmatched' ? 'unmatched' : 'lot',
      acquisitionId: l.acquisitionId,
      acquiredDay: l.acquiredDay,
      at: null,
      quantity: l.quantity,
      cost: l.cost,
    }));
  });
  return {
    pieces,
    ledgerDisposals: replay.disposals.filter((d) => !d.transactionId.startsWith('plan:')),
  };
}
