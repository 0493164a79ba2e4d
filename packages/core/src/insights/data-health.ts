import { type InsightCard, type InsightKind, unknownCostMessages } from '@app/contracts';
import { dayMs } from '../market/daily-candles.ts';
import { card, coinLink, readerMinute, sym, table } from './card.ts';
import type { InsightsInput } from './input.ts';
import { historyGaps } from './statistics.ts';

export interface HealthProblem {
  code: 'unpriced' | 'demo' | 'stale' | 'unsupported_currency' | 'history_gap' | 'lots_without_cost';
  message: string;
  /** The insight kinds whose figures this problem touches. */
  affects: readonly InsightKind[];
  coins: string[];
}

const valued: InsightKind[] = [
  'concentration',
  'allocation_drift',
  'lot_pnl',
  'stress',
  'stablecoin_share',
  'exit_plan',
];
const market: InsightKind[] = [...valued, 'volatility', 'alerts'];
const history: InsightKind[] = ['volatility', 'stress', 'stablecoin_share'];
/** Cards whose P&L or cost figures leave out the units of unknown cost. */
const costed: InsightKind[] = ['lot_pnl', 'stress', 'exit_plan', 'tax_timing'];

/** The cards' names as the feed shows them, for the "Affects" column. */
const kindNames: Record<InsightKind, string> = {
  concentration: 'Concentration',
  allocation_drift: 'Target allocation',
  lot_pnl: 'Winners and losers',
  exit_plan: 'Exit plans',
  volatility: 'Volatility',
  stress: 'Scenario stress',
  fee_drag: 'Fee drag',
  stablecoin_share: 'Dry powder',
  alerts: 'Alerts',
  data_health: 'Data health',
  tax_timing: 'Tax timing',
};

/** Everything about the data behind the cards that a reader should know first. */
export function healthProblems(input: InsightsInput): HealthProblem[] {
  const problems: HealthProblem[] = [];
  const symbol = new Map(input.positions.map((p) => [p.coinId, sym(p.symbol)]));
  const { health } = input;
  if (health.market.demo) {
    problems.push({
      code: 'demo',
      message: 'Prices are demo data from the bundled snapshot, not live market prices.',
      affects: market,
      coins: [],
    });
  } else if (health.market.stale) {
    problems.push({
      code: 'stale',
      message: `Prices are a stale copy from ${readerMinute(health.market.asOf, input)} (the market source is unreachable).`,
      affects: market,
      coins: [],
    });
  }
  if (health.unpriced.length > 0) {
    problems.push({
      code: 'unpriced',
      message: `No price for ${health.unpriced.map((id) => symbol.get(id) ?? id).join(', ')}: valued at cost.`,
      affects: valued,
      coins: [...health.unpriced],
    });
  }
  if (health.unsupportedCurrencies.length > 0) {
    problems.push({
      code: 'unsupported_currency',
      message: `Transactions in ${health.unsupportedCurrencies.map((c) => c.toUpperCase()).join(', ')} could not be converted to ${input.baseCurrency.toUpperCase()} and are left out.`,
      affects: [...valued, 'fee_drag'],
      coins: [],
    });
  }
  const lotsWithoutCost = health.lotsWithoutCost ?? 0;
  if (lotsWithoutCost > 0) {
    problems.push({
      code: 'lots_without_cost',
      message: `${capitalised(unknownCostMessages.lotsWithoutCost(lotsWithoutCost))}.`,
      affects: costed,
      coins: input.positions.filter((p) => (p.lotsWithoutCost ?? 0) > 0).map((p) => p.coinId),
    });
  }
  const endDay = Math.floor(input.now.getTime() / dayMs) - 1;
  const gaps: string[] = [];
  for (const p of input.positions) {
    const g = historyGaps(input.closes.get(p.coinId), endDay - 90, endDay);
    if (g.empty || g.missingDays > 0 || g.startsLate) gaps.push(p.coinId);
  }
  if (gaps.length > 0) {
    problems.push({
      code: 'history_gap',
      message: `Daily closes missing in the last 90 days for ${gaps.map((id) => symbol.get(id) ?? id).join(', ')}.`,
      affects: history,
      coins: gaps,
    });
  }
  return problems;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Kind 10. The data-health card; other cards carry the problems that touch them as caveats. */
export function dataHealthInsight(input: InsightsInput, problems: readonly HealthProblem[]): InsightCard {
  const severe = problems.some(
    (p) => p.code === 'demo' || p.code === 'unsupported_currency' || p.code === 'unpriced',
  );
  const first = problems.find((p) => p.coins.length > 0);
  const m = input.health.market;
  const source = m.demo
    ? m.source === 'demo' || m.source === 'snapshot'
      ? 'demo snapshot'
      : `${m.source} (demo)`
    : `${m.source}${m.stale ? ' (stale)' : ''}`;
  return card({
    kind: 'data_health',
    severity: problems.length === 0 ? 'info' : severe ? 'warning' : 'notice',
    title: 'Data health',
    headline:
      problems.length === 0
        ? `All ${input.positions.length} coins are priced from ${source} data with complete daily history.`
        : problems.map((p) => p.message).join(' '),
    figures: {
      problems: String(problems.length),
      market_source: input.health.market.source,
      demo: String(input.health.market.demo),
      stale: String(input.health.market.stale),
      unpriced_coins: String(input.health.unpriced.length),
      lots_without_cost: String(input.health.lotsWithoutCost ?? 0),
    },
    formula:
      'Checks: every held coin has a price; the market data is live (not the demo snapshot, not a stale copy); every portfolio currency converts to your base currency; ' +
      'every held coin has a daily close for each of the last 90 days; every lot held has a cost (a lot without one counts in value, not in cost basis or P&L).',
    numbers: [
      ['Market source', source],
      ['As of', readerMinute(input.health.market.asOf, input)],
    ],
    tables: [
      table(
        'Problems',
        ['Problem', 'Affects'],
        problems.map((p) => [p.message, p.affects.map((k) => kindNames[k]).join(', ')]),
      ),
    ],
    actions: first?.coins[0]
      ? [
          coinLink(
            first.coins[0],
            input.positions.find((p) => p.coinId === first.coins[0])?.symbol ?? first.coins[0],
          ),
        ]
      : [],
  });
}
