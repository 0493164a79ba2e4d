import {
  type DashboardQuery,
  type DashboardResponse,
  type ExplainResponse,
  type PerformanceQuery,
  type PerformanceResponse,
  type PortfolioCurrency,
  portfolioMessages,
  type RoiFigures,
} from '@app/contracts';
import {
  computeLedger,
  Dec,
  type NullableRoi,
  pnlFigures,
  sampleCapital,
  toDecimalString,
  toDecimalStringOrNull,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerCache, PreferencesReader } from '../ledger/index.ts';
import {
  type CoinValuation,
  coinIdentity,
  currencyFactor,
  findPortfoliosByIds,
  type LoadedPortfolio,
  listPortfolios,
  loadUserBooks,
  type PortfolioRow,
  sourcedCoinRows,
  valuationTotals,
  valuePortfolios,
} from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import { createDailyClosesCache } from '../market/index.ts';
import { createClosesFallback, performanceSeries } from './performance.ts';
import { createPortfolioFigures, type FiguresLogger } from './portfolio-figures.ts';
import { disposalCounts, holdingCounts, totalCounts } from './unknown-cost-counts.ts';
import { createValueHistory } from './value-history.ts';

export interface DashboardServiceDeps {
  db: Db;
  clock: Clock;
  market: MarketReader;
  preferences: PreferencesReader;
  ledgers: LedgerCache;
  logger?: FiguresLogger | undefined;
}

/** Candles are stored in usd by the refresher; the chart of a usd user reads them from memory. */
const preloadedCurrency = 'usd';

const roiOf = (r: NullableRoi): RoiFigures => ({
  profitLoss: r.profitLoss ?? '0',
  profitLossPercentage: r.profitLossPercentage,
});

function share(part: Dec, whole: Dec): string | null {
  return whole.isZero() ? null : toDecimalString(part.div(whole).mul(100));
}

export function createDashboardService(deps: DashboardServiceDeps) {
  const { db, market, preferences, ledgers } = deps;
  const stored = createPortfolioFigures({ db, ledgers, logger: deps.logger });
  const closes = createDailyClosesCache({ db, clock: deps.clock, mode: () => market.describe().mode });
  const fallback = createClosesFallback();
  const valueHistory = createValueHistory();

  async function load(userId: string, portfolioId: string): Promise<LoadedPortfolio[]> {
    if (portfolioId === 'all') return loadUserBooks(db, ledgers, userId);
    const loaded = await loadUserBooks(db, ledgers, userId, [portfolioId]);
    if (loaded.length === 0) throw notFound(portfolioMessages.portfolioNotFound, 'portfolio_id');
    return loaded;
  }

  /** The user's portfolios (all, or the one asked for) as stored now, revision included. */
  async function portfolioRows(userId: string, portfolioId: string): Promise<PortfolioRow[]> {
    if (portfolioId === 'all') return listPortfolios(db, userId);
    const rows = await findPortfoliosByIds(db, userId, [portfolioId]);
    if (rows.length === 0) throw notFound(portfolioMessages.portfolioNotFound, 'portfolio_id');
    return rows;
  }

  return {
    load,

    /** Starts loading stored daily closes, so the first chart after a start reads memory. */
    preload(): Promise<void> {
      return closes.preload(preloadedCurrency);
    },

    /** Waits for background snapshot writes and stops background history downloads (tests, shutdown). */
    async settle(): Promise<void> {
      await fallback.stop();
      await stored.settle();
    },

    async performance(userId: string, query: PerformanceQuery): Promise<PerformanceResponse> {
      const prefs = await preferences.get(userId);
      const method = prefs.cost_basis_method;
      const rows = await portfolioRows(userId, query.portfolio_id);
      // Both lines come from figures kept per portfolio revision (memory, else the stored
      // snapshot): no transaction is read unless a write moved the revision.
      const [holdings, capitals, rates] = await Promise.all([
        Promise.all(rows.map((portfolio) => stored.holdings(portfolio))),
        Promise.all(
          rows.map(async (portfolio) => ({ portfolio, history: await stored.capital(portfolio, method) })),
        ),
        rows.some((r) => r.currency !== prefs.base_currency) ? market.getUsdRates() : Promise.resolve({}),
      ]);
      // Costs are in each portfolio's currency, converted at today's rate like the summary cards.
      const capital = (firstDay: number, days: number) => {
        const daily = new Float64Array(days);
        let current = 0;
        for (const { portfolio, history } of capitals) {
          const factor = Number(currencyFactor(rates, portfolio.currency, prefs.base_currency) ?? Number.NaN);
          if (!Number.isFinite(factor)) continue;
          const one = sampleCapital(history, firstDay, days);
          for (let d = 0; d < days; d++) daily[d] = (daily[d] ?? 0) + (one.daily[d] ?? 0) * factor;
          current += one.current * factor;
        }
        return { daily, current };
      };
      const key = `${userId}|${query.portfolio_id}|${prefs.base_currency}`;
      return performanceSeries({
        holdings,
        owners: rows.map((r) => r.id),
        values: (held, closes, firstDay, days) => valueHistory.series(key, held, closes, firstDay, days),
        capital,
        timeframe: query.timeframe,
        baseCurrency: prefs.base_currency,
        market,
        closes,
        fallback,
        now: deps.clock(),
      });
    },

    async dashboard(userId: string, query: DashboardQuery): Promise<DashboardResponse> {
      const prefs = await preferences.get(userId);
      const method = prefs.cost_basis_method;
      const rows = await portfolioRows(userId, query.portfolio_id);
      const loaded = await Promise.all(
        rows.map(async (portfolio) => {
          const coins = await stored.totals(portfolio, method);
          return { portfolio, book: { ledger: () => ({ coins }) } };
        }),
      );
      const feesWithoutPrice = (await Promise.all(rows.map((p) => stored.feesWithoutPrice(p)))).flat().sort();
      const valuation = await valuePortfolios(loaded, method, prefs.base_currency, market);
      const totals = valuationTotals(valuation);
      const summaryFigures = pnlFigures(totals.parts);
      const wanted = new Set(query.metrics);

      const figures = valuation.coins.map((c) => ({ c, f: pnlFigures(c.parts, c.price) }));
      const held = figures
        .filter(({ c }) => c.parts.quantity.gt(0))
        .sort((a, b) => (b.c.parts.marketValue ?? new Dec(0)).cmp(a.c.parts.marketValue ?? new Dec(0)));
      const ref = (c: CoinValuation) => {
        const id = coinIdentity(c.coinId, c.quote);
        return { coin_id: c.coinId, symbol: id.symbol, name: id.name, image: id.image };
      };
      const value = (c: CoinValuation) => c.parts.marketValue ?? new Dec(0);

      const response: DashboardResponse = {
        portfolio_summary: {
          portfolio_id: query.portfolio_id === 'all' ? null : query.portfolio_id,
          cost_basis_method: prefs.cost_basis_method,
          base_currency: prefs.base_currency,
          total_value: toDecimalString(totals.totalValue),
          total_investment: toDecimalString(totals.parts.costBasis),
          unique_coins_count: totals.uniqueCoins,
          change_24h: toDecimalString(totals.change24h),
          change_percentage_24h: toDecimalStringOrNull(totals.changePercentage24h),
          returns: {
            total: roiOf(summaryFigures.returns.total),
            unrealized: roiOf(summaryFigures.returns.unrealized),
            realized: summaryFigures.returns.realized,
          },
          unpriced_coins: valuation.unpriced,
          ...(feesWithoutPrice.length > 0 ? { fees_without_price: feesWithoutPrice } : {}),
          converted_currencies: [
            ...new Set(loaded.map((l) => l.portfolio.currency).filter((c) => c !== prefs.base_currency)),
          ].sort(),
          ...totalCounts(totals.parts),
        },
      };

      if (wanted.has('holdings')) {
        response.holdings = {
          totalValue: toDecimalString(totals.totalValue),
          items: held.map(({ c }) => ({
            ...ref(c),
            quantity: toDecimalString(c.parts.quantity),
            currentPrice: c.price,
            totalValue: toDecimalString(value(c)),
            allocationPercentage: share(value(c), totals.totalValue),
            ...holdingCounts(c.parts),
            ...(query.include_technical_metrics
              ? {
                  technical: {
                    price_change_percentage_24h: c.quote?.price_change_percentage_24h ?? null,
                    price_change_percentage_7d: c.quote?.price_change_percentage_7d ?? null,
                    ath_change_percentage: c.quote?.ath_change_percentage ?? null,
                    market_cap_rank: c.quote?.market_cap_rank ?? null,
                  },
                }
              : {}),
          })),
        };
      }
      if (wanted.has('roi')) {
        response.roi = {
          total: roiOf(summaryFigures.returns.total),
          unrealized: roiOf(summaryFigures.returns.unrealized),
          realized: summaryFigures.returns.realized,
          ...totalCounts(totals.parts),
          // Closed positions stay here: their realized P&L is part of the return.
          items: figures.map(({ c, f }) => ({
            ...ref(c),
            total: roiOf(f.returns.total),
            unrealized: roiOf(f.returns.unrealized),
            realized: f.returns.realized,
            ...holdingCounts(c.parts),
            ...disposalCounts(c.parts),
          })),
        };
      }
      if (wanted.has('capital')) {
        response.capital = {
          totalInvestment: toDecimalString(totals.parts.costBasis),
          ...(totals.parts.lotsWithoutCost > 0 ? { lots_without_cost: totals.parts.lotsWithoutCost } : {}),
          items: held.map(({ c }) => ({
            ...ref(c),
            totalInvestment: toDecimalString(c.parts.costBasis),
            allocationPercentage: share(c.parts.costBasis, totals.parts.costBasis),
            ...holdingCounts(c.parts),
          })),
        };
      }
      if (wanted.has('cost_basis')) {
        response.cost_basis = {
          items: held.map(({ c, f }) => ({
            ...ref(c),
            costBasisPerCoin: f.costBasisPerCoin,
            currentPrice: c.price,
            athPrice: c.quote?.ath == null ? null : new Dec(c.quote.ath).toFixed(),
            ...holdingCounts(c.parts),
          })),
        };
      }
      if (wanted.has('positions')) {
        response.positions = {
          items: figures.map(({ c, f }) => ({
            ...ref(c),
            quantity: toDecimalString(c.parts.quantity),
            totalInvestment: f.totalInvestment,
            costBasisPerCoin: f.costBasisPerCoin,
            currentPrice: c.price,
            ...(c.quote?.price_source ? { priceSource: c.quote.price_source } : {}),
            ...(c.quote?.price_as_of ? { priceAsOf: c.quote.price_as_of } : {}),
            totalValue: toDecimalString(value(c)),
            realizedProfitLoss: f.returns.realized.profitLoss,
            unrealizedProfitLoss: f.returns.unrealized.profitLoss ?? '0',
            returns: {
              total: roiOf(f.returns.total),
              unrealized: roiOf(f.returns.unrealized),
              realized: f.returns.realized,
            },
            ...holdingCounts(c.parts),
            ...disposalCounts(c.parts),
          })),
        };
      }
      return response;
    },

    /** "Explain this number": the lots or running average behind one coin's cost basis. */
    async explain(userId: string, portfolioId: string, coinId: string): Promise<ExplainResponse> {
      const prefs = await preferences.get(userId);
      const loaded = await load(userId, portfolioId);
      const portfolios: ExplainResponse['portfolios'] = [];
      for (const { portfolio, book } of loaded) {
        const rows = book.coinTransactions(coinId);
        if (rows.length === 0) continue;
        const coin = computeLedger(rows, { method: prefs.cost_basis_method, explain: true }).coins[0];
        if (!coin) continue;
        portfolios.push({
          portfolio_id: portfolio.id,
          name: portfolio.name,
          currency: portfolio.currency as PortfolioCurrency,
          quantity: coin.quantity,
          cost_basis: coin.cost_basis,
          average_cost: coin.average_cost,
          ...holdingCounts({
            unknownCostQuantity: new Dec(coin.unknown_cost_quantity),
            lotsWithoutCost: coin.lots_without_cost,
          }),
          ...disposalCounts({ disposalsWithUnknownCost: coin.disposals_with_unknown_cost }),
          explanation: coin.explanation,
          sources: await sourcedCoinRows(db, userId, portfolio.id, coinId),
        });
      }
      return {
        coin_id: coinId,
        method: prefs.cost_basis_method,
        base_currency: prefs.base_currency,
        portfolios,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
