import type { InsightCard } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { card, coinLink, fig, limitedTable, money, pct, rowLimit, sym } from './card.ts';
import type { InsightsInput } from './input.ts';
import { positionShares } from './shares.ts';

/**
 * Kind 1. Largest position share, top-3 share and the Herfindahl index (Σ share², from 1/n for
 * an even split to 1 for a single coin). Warns when the largest share exceeds the user's
 * threshold; the Herfindahl index alone is context, since a 3-coin portfolio is concentrated by
 * construction.
 */
export function concentrationInsight(input: InsightsInput): InsightCard | null {
  const { total, shares } = positionShares(input.positions);
  const first = shares[0];
  if (!first || total.isZero()) return null;
  const top3 = shares.slice(0, 3).reduce((s, p) => s.add(p.share), new Dec(0));
  const hhi = shares.reduce((s, p) => s.add(p.share.mul(p.share)), new Dec(0));
  const threshold = new Dec(input.settings.concentrationThreshold);
  const largestPct = first.share.mul(100);
  const over = largestPct.gt(threshold);
  const effective = hhi.isZero() ? new Dec(0) : new Dec(1).div(hhi);
  const name = sym(first.position.symbol);
  const c = input.baseCurrency;
  return card({
    kind: 'concentration',
    severity: over ? 'warning' : largestPct.gte(threshold.mul(0.9)) ? 'notice' : 'info',
    title: 'Concentration',
    headline: over
      ? `${name} is ${pct(largestPct)} of the portfolio, above your ${pct(threshold, 0)} limit; top 3 hold ${pct(top3.mul(100))}, Herfindahl ${hhi.toFixed(4)}.`
      : `Largest position ${name} is ${pct(largestPct)} (limit ${pct(threshold, 0)}); top 3 hold ${pct(top3.mul(100))}, Herfindahl ${hhi.toFixed(4)}.`,
    figures: {
      largest_coin: name,
      largest_share_pct: fig(largestPct),
      top3_share_pct: fig(top3.mul(100)),
      herfindahl: fig(hhi),
      effective_positions: fig(effective),
      threshold_pct: fig(threshold),
      total_value: fig(total),
    },
    formula:
      'Each coin’s share = its market value ÷ the portfolio’s total value (coins without a price count at cost). ' +
      'Top-3 share = sum of the three largest shares. Herfindahl index = sum of every share squared ' +
      '(1 ÷ number of coins for an even split, 1 for a single coin); 1 ÷ Herfindahl is the number of equal positions it resembles.',
    numbers: [
      ['Total value', money(total, c)],
      [`Largest (${name})`, `${money(first.value, c)} = ${pct(largestPct)}`],
      ['Top-3 share', pct(top3.mul(100))],
      ['Herfindahl index', hhi.toFixed(4)],
      ['Equivalent equal positions', effective.toFixed(1)],
      ['Your threshold', pct(threshold, 0)],
    ],
    tables: [
      limitedTable(
        'Positions by value',
        ['Coin', 'Value', 'Share', 'Share²'],
        shares,
        (s) => [
          sym(s.position.symbol),
          money(s.value, c),
          pct(s.share.mul(100)),
          s.share.mul(s.share).toFixed(4),
        ],
        rowLimit(input),
      ),
    ],
    actions: [
      coinLink(first.position.coinId, first.position.symbol),
      { label: 'Set targets', href: '/insights#targets' },
    ],
  });
}
