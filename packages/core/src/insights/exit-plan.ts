import { type BaseCurrency, baseCurrencies, type InsightCard } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { recalculate } from '../projections/recalculate.ts';
import { card, fig, limitedTable, money, pct, rowLimit, sym } from './card.ts';
import type { InsightProjection, InsightsInput } from './input.ts';

export interface RungStatus {
  order: number;
  price: Dec;
  coins: Dec;
  net: Dec;
  /** The market price is at or above the rung. */
  reached: boolean;
  /** Not reached, but within the user's "near" distance. */
  near: boolean;
  /** (rung price ÷ price now − 1) × 100; null without a price. */
  distancePct: Dec | null;
  /** rung price ÷ all-time high; null when the ATH is unknown. */
  athMultiple: Dec | null;
}

export function rungStatuses(p: InsightProjection, nearPercent: Dec): RungStatus[] {
  const figures = recalculate(
    p.sells.map((s) => ({
      id: String(s.order),
      coins_sold: s.coinsSold,
      price_per_coin: s.pricePerCoin,
      fees_percentage: s.feesPercentage,
      price_impact_percentage: s.priceImpactPercentage,
      sell_tax: s.sellTax,
      transaction_order: s.order,
    })),
    p.tokensOwned,
    p.sellTax,
  );
  const now = p.priceNow === null ? null : new Dec(p.priceNow);
  return figures.rows
    .filter((r) => r.counted)
    .map((r) => {
      const price = new Dec(r.pricePerCoin);
      const reached = now?.gte(price) ?? false;
      const distancePct = now === null || now.isZero() ? null : price.div(now).sub(1).mul(100);
      return {
        order: r.transaction_order,
        price,
        coins: new Dec(r.coinsSold),
        net: new Dec(r.net),
        reached,
        near: !reached && distancePct !== null && distancePct.lte(nearPercent),
        distancePct,
        athMultiple: p.ath && p.ath > 0 ? price.div(p.ath) : null,
      };
    });
}

/** Kind 4, one card per projection with at least one priced rung. */
export function exitPlanInsights(input: InsightsInput): InsightCard[] {
  const near = new Dec(input.settings.nearPercent);
  const cards: InsightCard[] = [];
  for (const p of input.projections) {
    const rungs = rungStatuses(p, near);
    if (rungs.length === 0) continue;
    const c = p.currency;
    const reached = rungs.filter((r) => r.reached);
    const nearRungs = rungs.filter((r) => r.near);
    const plannedTotal = rungs.reduce((s, r) => s.add(r.net), new Dec(0));
    const plannedReached = reached.reduce((s, r) => s.add(r.net), new Dec(0));
    const soldReached = reached.reduce((s, r) => s.add(r.coins), new Dec(0));
    const planLeft = new Dec(p.tokensOwned).sub(soldReached);
    const held = new Dec(p.heldNow);
    const realised = new Dec(p.realisedProceeds);
    const next = rungs.find((r) => !r.reached);
    const behind = reached.length > 0 && held.gt(planLeft);
    const name = sym(p.symbol);
    const headline =
      reached.length > 0
        ? `${name} plan: ${reached.length} of ${rungs.length} rungs reached (planned ${money(plannedReached, c)}, realised ${money(realised, c)}); you hold ${fig(held)} ${name} vs ${fig(planLeft)} in the plan.`
        : next?.distancePct
          ? `${name} plan: next rung at ${money(next.price, c)} is ${pct(next.distancePct, 1)} above the price${next.athMultiple ? `, ${next.athMultiple.toFixed(2)}× the ATH` : ''}; ${money(plannedTotal, c)} planned in total.`
          : `${name} plan: ${rungs.length} rungs, ${money(plannedTotal, c)} planned in total; no current price.`;
    cards.push(
      card({
        kind: 'exit_plan',
        subject: p.id,
        severity: behind || nearRungs.length > 0 ? 'warning' : reached.length > 0 ? 'notice' : 'info',
        title: `Exit plan: ${name}`,
        headline,
        figures: {
          coin: name,
          rungs: String(rungs.length),
          rungs_reached: String(reached.length),
          rungs_near: String(nearRungs.length),
          planned_cash_out_total: fig(plannedTotal),
          planned_cash_out_reached: fig(plannedReached),
          realised_cash_out: fig(realised),
          held_now: fig(held),
          plan_left: fig(planLeft),
          ...(p.priceNow ? { price_now: fig(p.priceNow) } : {}),
          ...(next?.distancePct ? { next_rung_distance_pct: fig(next.distancePct) } : {}),
        },
        formula:
          'Each rung’s cash out follows the plan: sold = min(coins, remaining); net = sold × price − fees − sell tax. ' +
          `A rung is reached when the price is at or above it and near within ${pct(near, 0)}. ` +
          'Realised = net proceeds of your sells of this coin since the plan was made; coins left in the plan = coins owned − coins of the reached rungs. ' +
          'ATH multiple = rung price ÷ all-time high (above 1 needs a new high).',
        numbers: [
          ['Price now', p.priceNow ? money(p.priceNow, c) : 'unknown'],
          ['All-time high', p.ath ? money(new Dec(p.ath), c) : 'unknown'],
          ['Planned cash out (all rungs)', money(plannedTotal, c)],
          ['Planned cash out (reached rungs)', money(plannedReached, c)],
          ['Realised cash out', money(realised, c)],
          ['Coins held now', fig(held)],
          ['Coins left in the plan', fig(planLeft)],
        ],
        tables: [
          limitedTable(
            'Rungs',
            ['#', 'Price', 'Coins', 'Net cash out', 'Status', 'Distance', '× ATH'],
            rungs,
            (r) => [
              String(r.order),
              money(r.price, c),
              fig(r.coins),
              money(r.net, c),
              r.reached ? 'reached' : r.near ? 'near' : 'ahead',
              r.distancePct ? pct(r.distancePct, 1) : '—',
              r.athMultiple ? `${r.athMultiple.toFixed(2)}×` : '—',
            ],
            // A plan can have a thousand rungs: the card keeps the first few, explain/ has them all.
            rowLimit(input),
          ),
        ],
        actions: [
          { label: `Open the ${name} plan`, href: `/projections/${encodeURIComponent(p.id)}` },
          // A price threshold is typed in a currency of its own: the rung's, when alerts know it.
          ...(next && isBaseCurrency(p.currency)
            ? [
                {
                  label: `Alert at ${money(next.price, c)}`,
                  href: `/cryptocurrencies/${encodeURIComponent(p.coinId)}`,
                  alert: { coin_id: p.coinId, price: next.price.toFixed(), currency: p.currency },
                },
              ]
            : []),
        ],
      }),
    );
  }
  return cards;
}

function isBaseCurrency(code: string): code is BaseCurrency {
  return (baseCurrencies as readonly string[]).includes(code);
}
