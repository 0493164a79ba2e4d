import type { InsightCard } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { isStablecoin } from '../market/coin-rules.ts';
import { dayMs } from '../market/daily-candles.ts';
import { card, fig, money, pct, sym, table } from './card.ts';
import type { InsightsInput } from './input.ts';
import { closesByDay } from './statistics.ts';

/**
 * Kind 8. Stablecoin share ("dry powder") now and 30 days ago. Then = holdings of 30 days ago at
 * that day's closes; a coin without a close that day is left out of both sides of the share.
 */
export function stablecoinInsight(input: InsightsInput): InsightCard | null {
  if (input.positions.length === 0 && input.heldThirtyDaysAgo.size === 0) return null;
  const c = input.baseCurrency;
  let total = new Dec(0);
  let stable = new Dec(0);
  const rows: string[][] = [];
  for (const p of input.positions) {
    const value = new Dec(p.marketValue ?? p.costBasis);
    total = total.add(value);
    if (isStablecoin({ id: p.coinId, categories: p.categories })) {
      stable = stable.add(value);
      rows.push([sym(p.symbol), money(value, c)]);
    }
  }
  if (total.isZero()) return null;
  const sharePct = stable.div(total).mul(100);
  const thenDay = Math.floor(input.now.getTime() / dayMs) - 31;
  const categories = new Map(input.positions.map((p) => [p.coinId, p.categories]));
  let thenTotal = new Dec(0);
  let thenStable = new Dec(0);
  for (const [coinId, quantity] of input.heldThirtyDaysAgo) {
    const series = input.closes.get(coinId);
    const close = series ? closesByDay(series).get(thenDay) : undefined;
    if (close === undefined) continue;
    const value = new Dec(quantity).mul(close);
    thenTotal = thenTotal.add(value);
    if (isStablecoin({ id: coinId, categories: categories.get(coinId) ?? [] }))
      thenStable = thenStable.add(value);
  }
  const thenPct = thenTotal.isZero() ? null : thenStable.div(thenTotal).mul(100);
  const change = thenPct === null ? null : sharePct.sub(thenPct);
  return card({
    kind: 'stablecoin_share',
    severity: 'info',
    title: 'Dry powder (stablecoins)',
    headline: `Stablecoins are ${pct(sharePct)} of the portfolio (${money(stable, c)})${change === null ? '' : `, ${change.gte(0) ? 'up' : 'down'} ${change.abs().toFixed(2)} pts from ${thenPct === null ? '' : pct(thenPct)} 30 days ago`}.`,
    figures: {
      stablecoin_share_pct: fig(sharePct),
      stablecoin_value: fig(stable),
      ...(thenPct === null ? {} : { share_30d_ago_pct: fig(thenPct), change_pts: fig(change ?? new Dec(0)) }),
    },
    formula:
      'Stablecoins = coins the market data lists in the Stablecoins category. Share = their value ÷ total value. ' +
      '30 days ago = the quantities you held then × that day’s closes.',
    numbers: [
      ['Stablecoin value', money(stable, c)],
      ['Total value', money(total, c)],
      ['Share 30 days ago', thenPct === null ? 'unknown (no closes)' : pct(thenPct)],
    ],
    tables: [table('Stablecoins held', ['Coin', 'Value'], rows)],
  });
}
