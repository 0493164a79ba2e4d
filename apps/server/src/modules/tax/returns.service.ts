import {
  portfolioMessages,
  type ReturnsQuery,
  type ReturnsResponse,
  returnPeriodsList,
} from '@app/contracts';
import {
  benchmarkReturn,
  type CashAccounts,
  cashAccounts,
  type DailyCloseSeries,
  type DailyHoldings,
  dailyHoldingsByCoin,
  dailyValueSeries,
  dayMs,
  dayToIso,
  type ExternalFlows,
  externalFlows,
  mergeFlows,
  moneyString,
  periodReturns,
  ratioToPercent,
  rebasedSeries,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { createClosesFallback } from '../dashboard/index.ts';
import { type LedgerCache, listCashMovements, type PreferencesReader } from '../ledger/index.ts';
import type { DailyClosesCache, MarketReader } from '../market/index.ts';
import { loadTaxBooks, type TaxBooksCache, type TransferLinksReader } from './tax-books.ts';

const lineDays = { '1W': 7, '1M': 30, '3M': 90, '1Y': 365 } as const;
/** Ten years of daily closes at most, like the performance chart. */
const maxDays = 3650;

/**
 * Time-weighted, money-weighted and simple returns per period, from the same daily values the
 * performance chart draws and the cash flows of the ledger, with a coin as benchmark.
 */
export function createReturnsService(deps: {
  db: Db;
  clock: Clock;
  market: MarketReader;
  ledgers: LedgerCache;
  preferences: PreferencesReader;
  closes: DailyClosesCache;
  booksCache?: TaxBooksCache | undefined;
  transfers: TransferLinksReader;
}) {
  const fallback = createClosesFallback();
  /** Daily holdings, exchange cash and cash flows per books and scope: parsed once per revision. */
  const derivedCache = new Map<
    string,
    {
      held: { coinId: string; holdings: DailyHoldings }[];
      cash: CashAccounts;
      flows: Map<string, ExternalFlows>;
    }
  >();
  const remember = (key: string, value: typeof derivedCache extends Map<string, infer V> ? V : never) => {
    derivedCache.set(key, value);
    if (derivedCache.size > 100) {
      const oldest = derivedCache.keys().next().value;
      if (oldest !== undefined) derivedCache.delete(oldest);
    }
  };

  async function closesFor(
    coins: readonly string[],
    vs: string,
    days: number,
    today: number,
  ): Promise<Map<string, DailyCloseSeries>> {
    const stored = await deps.closes.get(coins, vs).catch(() => new Map<string, DailyCloseSeries>());
    const out = new Map(stored);
    const missing = coins.filter((c) => !out.has(c));
    if (missing.length > 0) {
      const fetched = await fallback.fetch({
        market: deps.market,
        coinIds: missing,
        days,
        vs,
        today,
        budgetMs: 1500,
      });
      for (const [id, got] of fetched.closes)
        if (got.timestamps.length > 0) out.set(id, toSeries(got.timestamps, got.closes));
    }
    return out;
  }

  return {
    stop: () => fallback.stop(),

    async returns(userId: string, query: ReturnsQuery): Promise<ReturnsResponse> {
      const portfolioId = query.portfolio_id === 'all' ? null : query.portfolio_id;
      const books = await loadTaxBooks(deps, userId, portfolioId);
      if (portfolioId !== null && !books.loaded.some((l) => l.portfolio.id === portfolioId)) {
        throw notFound(portfolioMessages.portfolioNotFound);
      }
      const now = deps.clock();
      const today = Math.floor(now.getTime() / dayMs);
      const vs = books.currency;
      const inScope = books.loaded.filter((l) => portfolioId === null || l.portfolio.id === portfolioId);
      // Holdings are valued at closes in the scope's currency whatever the portfolio's currency;
      // its cash flows need the rate of their day. A portfolio with a row without one is left
      // out whole (those rows listed as needing a price), so no value counts without its flows.
      const unratedRows = books.transactions.filter(
        (t) =>
          t.unpriced_reason === 'no_rate' &&
          (t.price_per_coin === null || t.fee === null) &&
          (portfolioId === null || t.portfolio_id === portfolioId),
      );
      const unrated = new Set(unratedRows.map((t) => t.portfolio_id));
      const valued = inScope.filter((l) => !unrated.has(l.portfolio.id));
      const flowRows =
        unrated.size === 0
          ? books.transactions
          : books.transactions.filter((t) => !unrated.has(t.portfolio_id));
      const unratedItems = unratedRows.map((t) => ({
        transaction_id: t.id,
        portfolio_id: t.portfolio_id,
        coin_id: t.coin_id,
        type: t.type,
        executed_at: t.executed_at,
        reason: 'no_rate' as const,
      }));
      const scopeKey = `${books.key}|${portfolioId}`;
      let derived = derivedCache.get(scopeKey);
      if (!derived) {
        const cashRows = await listCashMovements(
          deps.db,
          valued.map((l) => l.portfolio.id),
        );
        derived = {
          held: valued.flatMap((l) =>
            [...dailyHoldingsByCoin(l.book.transactions)].map(([coinId, holdings]) => ({ coinId, holdings })),
          ),
          cash: cashAccounts(
            cashRows.map((c) => ({
              account: c.sourceConnectionId ?? `portfolio:${c.portfolioId}`,
              kind: c.kind as 'deposit' | 'withdrawal' | 'trade',
              amount: c.amount,
              fee: c.fee,
              rate: c.rate,
              executed_at: c.executedAt.toISOString(),
              transaction_id: c.transactionId,
            })),
          ),
          flows: new Map(),
        };
        remember(scopeKey, derived);
      }
      const held = derived.held;
      const cash = derived.cash;
      const coins = [...new Set(held.map((h) => h.coinId))];
      const closes = await closesFor([...new Set([...coins, query.benchmark])], vs, maxDays, today);
      // Flows depend on closes only for transfers without a stated price: keyed by what is stored.
      const flowsKey = `${vs}|${closes.size}`;
      const flows =
        derived.flows.get(flowsKey) ??
        externalFlows(flowRows, {
          portfolioId,
          links: books.links,
          covered: cash.covered,
          closeOn: (coinId, day) => {
            const s = closes.get(coinId);
            const i = s ? day - s.firstDay : -1;
            const c = s && i >= 0 && i < s.closes.length ? s.closes[i] : undefined;
            return c !== undefined && c > 0 ? c : null;
          },
        });
      derived.flows.set(flowsKey, flows);
      const empty = {
        portfolio_id: portfolioId,
        currency: vs,
        as_of: dayToIso(today),
        benchmark: { coin_id: query.benchmark, available: closes.has(query.benchmark) },
        periods: [],
        explain: null,
        benchmark_line: null,
        needs_price: [...unratedItems, ...flows.needsPrice],
        coins_without_history: [],
        cash_held: cash.firstDay === null ? null : moneyString(cash.held),
      };
      const firstDay =
        flows.inceptionDay === null || cash.firstDay === null
          ? (flows.inceptionDay ?? cash.firstDay)
          : Math.min(flows.inceptionDay, cash.firstDay);
      if (firstDay === null) return empty;
      const inception = Math.max(firstDay, today - maxDays);
      const days = today - inception + 1;
      const values = dailyValueSeries({ holdings: held, closes, firstDay: inception, days });
      // Money waiting in an exchange account is part of what the portfolio is worth.
      const cashSeries = cash.series(inception, days);
      for (let i = 0; i < days; i++) values[i] = (values[i] ?? 0) + (cashSeries[i] ?? 0);
      // Today is not a completed day: value it at the current quotes, like the chart's last point.
      const quotes = await deps.market.getQuotes(coins, vs);
      let current = 0;
      for (const h of held) {
        const q = h.holdings.quantities[h.holdings.quantities.length - 1] ?? 0;
        const p = quotes.get(h.coinId)?.current_price;
        if (q > 0 && p !== undefined) current += q * p;
      }
      values[days - 1] = current + cash.held;
      // Before every held coin has a close the value is unknown: periods start after that day.
      let coverage = inception;
      for (const c of coins) {
        const s = closes.get(c);
        if (s) coverage = Math.max(coverage, s.firstDay);
      }
      const valuedFrom = coverage > inception ? coverage + 1 : inception;
      const input = {
        firstDay: inception,
        values,
        flows: mergeFlows(flows.flows, cash.flows),
        inceptionDay: inception,
        valuedFrom,
        endDay: today,
      };

      const bench = closes.get(query.benchmark);
      const benchQuote = (await deps.market.getQuotes([query.benchmark], vs)).get(
        query.benchmark,
      )?.current_price;
      const benchSeries = bench ? withToday(bench, today, benchQuote) : null;
      const periods = returnPeriodsList.map((period) => {
        const r = periodReturns(input, period);
        const baseDay = r.startValue > 0 ? r.startDay - 1 : r.startDay;
        const b = benchSeries ? benchmarkReturn(benchSeries, baseDay, r.endDay) : null;
        return {
          r,
          out: {
            period,
            start_date: dayToIso(r.startDay),
            end_date: dayToIso(r.endDay),
            start_value: moneyString(r.startValue),
            end_value: moneyString(r.endValue),
            inflows: moneyString(r.inflows),
            outflows: moneyString(r.outflows),
            gain: moneyString(r.gain),
            simple_return: ratioToPercent(r.simple),
            twr: ratioToPercent(r.twr),
            twr_annualized: ratioToPercent(r.twrAnnualised),
            mwr: ratioToPercent(r.mwr),
            mwr_annualized: ratioToPercent(r.mwrAnnualised),
            benchmark_return: ratioToPercent(b),
            benchmark_difference_pp: r.twr === null || b === null ? null : ratioToPercent(r.twr - b),
          },
        };
      });
      const explained = query.explain ? periods.find((p) => p.out.period === query.explain) : undefined;

      let line: ReturnsResponse['benchmark_line'] = null;
      if (query.line && benchSeries) {
        const span = query.line === 'ALL' ? days : lineDays[query.line];
        const start = Math.max(valuedFrom, today - span);
        const lineDaysList = Array.from({ length: today - start + 1 }, (_, i) => start + i);
        const base = values[start - inception] ?? 0;
        const rebased = rebasedSeries(benchSeries, start, base, lineDaysList);
        line = {
          timeframe: query.line,
          points: lineDaysList.map((d, i) => [
            d === today ? now.getTime() : d * dayMs,
            round(rebased[i] ?? null),
          ]),
        };
      }
      return {
        ...empty,
        periods: periods.map((p) => p.out),
        explain: explained
          ? {
              period: explained.out.period,
              cash_flows: explained.r.cashFlows.map((c) => ({
                date: dayToIso(c.day),
                kind: c.kind,
                amount: moneyString(c.amount),
                transaction_ids: [...c.transactionIds],
              })),
            }
          : null,
        benchmark_line: line,
        coins_without_history: coins.filter((c) => !closes.has(c)).sort(),
      };
    },
  };
}

function toSeries(timestamps: readonly number[], values: readonly number[]): DailyCloseSeries {
  const days = timestamps.map((t) => Math.floor(t / dayMs));
  const firstDay = days[0] ?? 0;
  const length = days.length === 0 ? 0 : (days[days.length - 1] ?? firstDay) - firstDay + 1;
  const closes = new Float64Array(length);
  let last = Number.NaN;
  let next = 0;
  for (let i = 0; i < length; i++) {
    while (next < days.length && days[next] === firstDay + i) last = values[next++] ?? last;
    closes[i] = last;
  }
  return { firstDay, closes };
}

/** The stored closes with today's quote as the last day (forward-filled over any gap). */
function withToday(series: DailyCloseSeries, today: number, quote: number | undefined): DailyCloseSeries {
  const length = today - series.firstDay + 1;
  if (length <= 0) return series;
  const closes = new Float64Array(length);
  let last = Number.NaN;
  for (let i = 0; i < length; i++) {
    const c = i < series.closes.length ? series.closes[i] : undefined;
    if (c !== undefined && !Number.isNaN(c)) last = c;
    closes[i] = last;
  }
  if (quote !== undefined && quote > 0) closes[length - 1] = quote;
  return { firstDay: series.firstDay, closes };
}

function round(v: number | null): number | null {
  return v === null ? null : Math.round(v * 1e8) / 1e8;
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
