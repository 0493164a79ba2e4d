import type { InsightCard } from '@app/contracts';
import { Dec } from '../decimal.ts';
import {
  type CardReader,
  card,
  fig,
  limitedTable,
  money,
  readerDay,
  rowLimit,
  signedMoney,
  signedPct,
  sym,
  transactionsLink,
} from './card.ts';
import type { InsightsInput } from './input.ts';

export interface LotPnl {
  coinId: string;
  symbol: string;
  /** Acquisition date (lot methods) or null for an average-cost position. */
  acquiredAt: string | null;
  quantity: Dec;
  costBasis: Dec;
  value: Dec;
  pnl: Dec;
  /** pnl ÷ cost basis × 100; null at zero cost. Computed on first read (thousands of lots). */
  readonly pnlPct: Dec | null;
}

/**
 * Unrealized P&L per lot under the user's method (fifo/lifo/hifo keep lots); under average cost
 * there are no lots, so each position is one row at its average cost. Coins without a price are
 * left out (their P&L is unknown, not zero), and so are units whose cost is unknown.
 */
export function lotPnls(input: InsightsInput): LotPnl[] {
  const byCoin = new Map<string, { symbol: string; price: Dec }>();
  for (const p of input.positions)
    if (p.price) byCoin.set(p.coinId, { symbol: p.symbol, price: new Dec(p.price) });
  const rows: LotPnl[] = [];
  const make = (coinId: string, acquiredAt: string | null, quantity: Dec, costBasis: Dec) => {
    const position = byCoin.get(coinId);
    if (!position || quantity.isZero()) return;
    const value = quantity.mul(position.price);
    const pnl = value.sub(costBasis);
    let pct: Dec | null | undefined;
    rows.push({
      coinId,
      symbol: position.symbol,
      acquiredAt,
      quantity,
      costBasis,
      value,
      pnl,
      get pnlPct() {
        pct ??= costBasis.isZero() ? null : pnl.div(costBasis).mul(100);
        return pct;
      },
    });
  };
  // Units of unknown cost have no P&L: under average cost the row is the known units only, and a
  // lot without a cost is left out (the data-health card counts them).
  if (input.method === 'average') {
    for (const p of input.positions) {
      const known = new Dec(p.quantity).sub(p.unknownCostQuantity ?? 0);
      if (known.gt(0)) make(p.coinId, null, known, new Dec(p.costBasis));
    }
  } else {
    for (const lot of input.lots)
      if (lot.costBasis !== null)
        make(lot.coinId, lot.acquiredAt, new Dec(lot.quantityLeft), new Dec(lot.costBasis));
  }
  return rows.sort((a, b) => b.pnl.cmp(a.pnl) || (a.coinId < b.coinId ? -1 : 1));
}

const label = (r: LotPnl, reader: CardReader) =>
  `${sym(r.symbol)}${r.acquiredAt ? ` lot of ${readerDay(r.acquiredAt, reader)}` : ''}`;

/** Kind 3. The biggest unrealized winner and loser, lot by lot. */
export function lotPnlInsight(input: InsightsInput): InsightCard | null {
  const rows = lotPnls(input);
  const best = rows[0];
  const worst = rows[rows.length - 1];
  if (!best || !worst) return null;
  const winners = rows.filter((r) => r.pnl.gt(0));
  const losers = rows.filter((r) => r.pnl.lt(0));
  const c = input.baseCurrency;
  const unit = input.method === 'average' ? 'position' : 'lot';
  // A loss of half the cost or more: pnl ≤ −cost ÷ 2, without a division per lot.
  const deepLoss = losers.some((r) => r.pnl.mul(2).add(r.costBasis).lte(0) && !r.costBasis.isZero());
  const parts = [
    best.pnl.gt(0)
      ? `Biggest winner: ${label(best, input)} ${signedMoney(best.pnl, c)}${best.pnlPct ? ` (${signedPct(best.pnlPct, 1)})` : ''}`
      : null,
    worst.pnl.lt(0)
      ? `biggest loser: ${label(worst, input)} ${signedMoney(worst.pnl, c)}${worst.pnlPct ? ` (${signedPct(worst.pnlPct, 1)})` : ''}`
      : null,
  ].filter((p): p is string => p !== null);
  const lossSum = losers.reduce((s, r) => s.add(r.pnl), new Dec(0));
  const gainSum = winners.reduce((s, r) => s.add(r.pnl), new Dec(0));
  const toRow = (r: LotPnl) => [
    label(r, input),
    fig(r.quantity),
    money(r.costBasis, c),
    money(r.value, c),
    signedMoney(r.pnl, c),
    r.pnlPct ? signedPct(r.pnlPct, 1) : '—',
  ];
  const columns = ['Lot', 'Quantity', 'Cost basis', 'Value', 'Unrealized', '%'];
  return card({
    kind: 'lot_pnl',
    severity: deepLoss ? 'notice' : 'info',
    title: 'Unrealized winners and losers',
    headline: `${parts.length > 0 ? `${parts.join('; ')}. ` : ''}${winners.length} ${unit}s in profit (${signedMoney(gainSum, c)}), ${losers.length} at a loss (${signedMoney(lossSum, c)}).`,
    figures: {
      method: input.method,
      winners: String(winners.length),
      losers: String(losers.length),
      unrealized_gains: fig(gainSum),
      unrealized_losses: fig(lossSum),
      best_pnl: fig(best.pnl),
      worst_pnl: fig(worst.pnl),
    },
    formula:
      input.method === 'average'
        ? 'Under average cost a position has no separate lots: unrealized = quantity × current price − cost basis of the units held.'
        : `Lots still held under ${input.method.toUpperCase()}: unrealized = quantity left × current price − the lot’s cost (quantity × price + fee of its acquisition).`,
    numbers: [
      ['Cost-basis method', input.method],
      ['Unrealized gains', signedMoney(gainSum, c)],
      ['Unrealized losses', signedMoney(lossSum, c)],
    ],
    tables: [
      limitedTable('Winners', columns, winners, toRow, rowLimit(input)),
      limitedTable('Losers', columns, [...losers].reverse(), toRow, rowLimit(input)),
    ],
    actions: worst.pnl.lt(0)
      ? [transactionsLink(worst.coinId, worst.symbol, input.portfolioId)]
      : [transactionsLink(best.coinId, best.symbol, input.portfolioId)],
  });
}
