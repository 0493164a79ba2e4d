import type { InsightCard } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { card, fig, limitedTable, money, pct, rowLimit, sym, table, transactionsLink } from './card.ts';
import type { FeeRow, InsightsInput } from './input.ts';

interface FeeBucket {
  fees: Dec;
  capital: Dec;
}

const add = (map: Map<string, FeeBucket>, key: string, fee: Dec, capital: Dec) => {
  const b = map.get(key) ?? { fees: new Dec(0), capital: new Dec(0) };
  map.set(key, { fees: b.fees.add(fee), capital: b.capital.add(capital) });
};

/**
 * Fees paid and the capital they were paid on. Capital = what buys put in (quantity × price);
 * every fee counts (buys, sells, transfers).
 */
export function feeTotals(rows: readonly FeeRow[]) {
  const byCoin = new Map<string, FeeBucket>();
  const byYear = new Map<string, FeeBucket>();
  let fees = new Dec(0);
  let capital = new Dec(0);
  for (const r of rows) {
    const fee = new Dec(r.fee);
    const cap = r.type === 'buy' ? new Dec(r.notional) : new Dec(0);
    fees = fees.add(fee);
    capital = capital.add(cap);
    add(byCoin, r.coinId, fee, cap);
    add(byYear, String(r.year), fee, cap);
  }
  return { fees, capital, byCoin, byYear };
}

/** The user's own fee rate on trades (Σ fees ÷ Σ traded value of buys and sells), as a fraction. */
export function averageFeeRate(rows: readonly FeeRow[]): Dec {
  let fees = new Dec(0);
  let traded = new Dec(0);
  for (const r of rows) {
    if (r.type !== 'buy' && r.type !== 'sell') continue;
    fees = fees.add(r.fee);
    traded = traded.add(r.notional);
  }
  return traded.isZero() ? new Dec(0) : fees.div(traded);
}

const share = (b: FeeBucket) => (b.capital.isZero() ? null : b.fees.div(b.capital).mul(100));

/** Kind 7. Fees as a share of capital, by coin and by year. */
export function feeDragInsight(input: InsightsInput): InsightCard | null {
  if (input.fees.length === 0) return null;
  const { fees, capital, byCoin, byYear } = feeTotals(input.fees);
  if (fees.isZero()) return null;
  const c = input.baseCurrency;
  const symbols = new Map(input.positions.map((p) => [p.coinId, p.symbol]));
  const coins = [...byCoin.entries()].sort((a, b) => b[1].fees.cmp(a[1].fees) || (a[0] < b[0] ? -1 : 1));
  const top = coins[0];
  const drag = capital.isZero() ? null : fees.div(capital).mul(100);
  const topSymbol = top ? sym(symbols.get(top[0]) ?? top[0]) : '';
  return card({
    kind: 'fee_drag',
    severity: drag?.gte(2) ? 'warning' : drag?.gte(1) ? 'notice' : 'info',
    title: 'Fee drag',
    headline: `You paid ${money(fees, c)} in fees${drag ? `, ${pct(drag)} of the ${money(capital, c)} you put in` : ''}${top ? `; most on ${topSymbol} (${money(top[1].fees, c)})` : ''}.`,
    figures: {
      fees_total: fig(fees),
      capital: fig(capital),
      ...(drag ? { fees_pct_of_capital: fig(drag) } : {}),
      ...(top ? { top_coin: topSymbol, top_coin_fees: fig(top[1].fees) } : {}),
    },
    formula:
      'Fees = every fee recorded on your transactions (buys, sells, transfers), converted to your base currency at today’s rate. ' +
      'Capital = quantity × price of your buys. Fee drag = fees ÷ capital.',
    numbers: [
      ['Fees paid', money(fees, c)],
      ['Capital put in', money(capital, c)],
      ['Fee drag', drag ? pct(drag) : 'n/a'],
    ],
    tables: [
      limitedTable(
        'By coin',
        ['Coin', 'Fees', 'Capital', '% of capital'],
        coins,
        ([id, b]) => [
          sym(symbols.get(id) ?? id),
          money(b.fees, c),
          money(b.capital, c),
          share(b) ? pct(share(b) ?? 0) : '—',
        ],
        rowLimit(input),
      ),
      table(
        'By year',
        ['Year', 'Fees', 'Capital', '% of capital'],
        [...byYear.entries()]
          .sort((a, b) => (a[0] < b[0] ? -1 : 1))
          .map(([year, b]) => [
            year,
            money(b.fees, c),
            money(b.capital, c),
            share(b) ? pct(share(b) ?? 0) : '—',
          ]),
      ),
    ],
    actions: top ? [transactionsLink(top[0], symbols.get(top[0]) ?? top[0], input.portfolioId)] : [],
  });
}
