import {
  type CoinMarket,
  defaultTaxSettings,
  type LotsQuery,
  type LotsView,
  portfolioMessages,
  type TaxReportCsvQuery,
  type TaxReportQuery,
  type TaxReportResponse,
  type TaxRule,
  type TaxSettings,
  taxHistoryMessages,
  taxRuleCurrencies,
  taxRuleSchema,
  type UpdateTaxSettings,
  walletAllocationMessages,
} from '@app/contracts';
import {
  buildLotsView,
  buildTaxReport,
  computationForYear,
  Dec,
  dayInZone,
  demoFilename,
  form8949Csv,
  genericTaxCsv,
  knownCoinSymbol,
  regimeOfYear,
  ruleTimeZone,
  sameTaxCalendar,
  type TaxComputation,
  taxYear,
  taxYearOf,
  taxYearsWithActivity,
  toDecimalString,
  withDemoNotice,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import type { TaxSettingsRow } from '../../db/schema/index.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerCache, PreferencesReader } from '../ledger/index.ts';
import type { DailyClosesCache, MarketReader } from '../market/index.ts';
import { findTaxSettings, type TaxSettingsValues, upsertTaxSettings } from './tax.repository.ts';
import {
  createTaxComputationCache,
  loadTaxBooks,
  type TaxBooks,
  type TaxBooksCache,
  type TransferLinksReader,
} from './tax-books.ts';
import { findHistoryRows } from './tax-history.repository.ts';
import {
  entryOfRow,
  type HistoryEntry,
  historyKey,
  historyOf,
  regimeEntries,
  settingsOfYear,
} from './tax-history.ts';
import { type PerPortfolioRun, perPortfolioRun } from './wallet-allocation-input.ts';

export interface TaxServiceDeps {
  db: Db;
  clock: Clock;
  market: MarketReader;
  ledgers: LedgerCache;
  preferences: PreferencesReader;
  closes: DailyClosesCache;
  booksCache?: TaxBooksCache | undefined;
  transfers: TransferLinksReader;
}

export function toTaxSettings(row: TaxSettingsRow | undefined): TaxSettings {
  if (!row) return { ...defaultTaxSettings };
  const rule = taxRuleSchema.safeParse(row.rule);
  return {
    rule: rule.success ? rule.data : defaultTaxSettings.rule,
    custom_threshold_days: row.customThresholdDays,
    short_rate: toDecimalString(new Dec(row.shortRate)),
    long_rate: toDecimalString(new Dec(row.longRate)),
    yearly_allowance: row.yearlyAllowance === null ? null : toDecimalString(new Dec(row.yearlyAllowance)),
    lots_per_portfolio: row.lotsPerPortfolio,
  };
}

/** What every tax view needs: the settings, the books in one currency, and their replay. */
export interface TaxContext {
  /** The current settings: the latest entry of `history`. */
  settings: TaxSettings;
  /** The settings by tax year, oldest first (one entry when they never changed). */
  history: HistoryEntry[];
  books: TaxBooks;
  computation: TaxComputation;
  portfolioId: string | null;
  /** Per-portfolio lots when the setting is on under the US rule (the computation used it). */
  perPortfolio?: PerPortfolioRun | undefined;
}

/**
 * Tax lots, the realized-gains report and its CSV files. Everything is computed from the same
 * cached books the dashboard reads (per portfolio revision), so a rule or method change, or any
 * transaction write, is reflected in the next request of every view.
 */
export function createTaxService(deps: TaxServiceDeps) {
  const computations = createTaxComputationCache();
  /** Reports per computation and options: a warm report is a lookup (the computation is immutable). */
  const reports = new WeakMap<TaxComputation, Map<string, TaxReportResponse>>();

  /**
   * `inRuleCurrency`: the report and its files are in the currency a country's rule names; the
   * other views (lots, what-if, exit plans) stay in the portfolios' own. `true` takes the current
   * rule's; `{ year }` the rule in force in that tax year (the current one when absent), since a
   * history may change the rule and with it the currency from one year to the next.
   */
  async function context(
    userId: string,
    scope: string,
    inRuleCurrency: boolean | { year?: number | undefined } = false,
  ): Promise<TaxContext> {
    const portfolioId = scope === 'all' ? null : scope;
    const [settingsRow, prefs, historyRows] = await Promise.all([
      findTaxSettings(deps.db, userId),
      deps.preferences.get(userId),
      findHistoryRows(deps.db, userId),
    ]);
    const settings = toTaxSettings(settingsRow);
    const history = historyOf(historyRows, { settings, method: prefs.cost_basis_method });
    const currencyRule =
      inRuleCurrency === false
        ? null
        : inRuleCurrency === true
          ? settings.rule
          : settingsOfYear(history, inRuleCurrency.year ?? currentYear(settings.rule)).rule;
    const reportIn = currencyRule === null ? undefined : taxRuleCurrencies[currencyRule];
    const [books, perPortfolio] = await Promise.all([
      loadTaxBooks(deps, userId, portfolioId, reportIn),
      settings.lots_per_portfolio && settings.rule === 'us'
        ? perPortfolioRun(deps.db, userId, true)
        : undefined,
    ]);
    if (portfolioId !== null && !books.loaded.some((l) => l.portfolio.id === portfolioId)) {
      throw notFound(portfolioMessages.portfolioNotFound);
    }
    return {
      settings,
      history,
      books,
      computation: computations.get(
        books,
        settings,
        prefs.cost_basis_method,
        history.length > 1 ? { key: historyKey(history), entries: regimeEntries(history) } : undefined,
        perPortfolio,
      ),
      portfolioId,
      perPortfolio,
    };
  }

  /** The current tax year on a rule's calendar (every entry of a history shares it). */
  function currentYear(rule: TaxRule): number {
    return taxYearOf(rule, dayInZone(deps.clock().getTime(), ruleTimeZone(rule)));
  }

  async function report(userId: string, query: TaxReportQuery): Promise<TaxReportResponse> {
    // In the currency of the rule of the year asked for: a report under the custom rule is in the
    // portfolios' own, one under the US rule in dollars, whatever the current rule names.
    return reportOf(await context(userId, query.portfolio_id, { year: query.year }), query);
  }

  function reportOf(ctx: TaxContext, query: TaxReportQuery): TaxReportResponse {
    const year = query.year ?? currentYear(ctx.settings.rule);
    // The year's own entry: its rule and method (in the computation) and its rates.
    const yearSettings = settingsOfYear(ctx.history, year);
    const memoKey = `${year}|${ctx.portfolioId}|${ctx.books.currency}|${historyKey(ctx.history)}`;
    let memo = reports.get(ctx.computation);
    const hit = memo?.get(memoKey);
    if (hit) return hit;
    const built = buildTaxReport(ctx.computation, {
      year,
      portfolioId: ctx.portfolioId,
      currency: ctx.books.currency,
      shortRate: yearSettings.short_rate,
      longRate: yearSettings.long_rate,
      yearlyAllowance: yearSettings.yearly_allowance,
      yearlyAllowanceOf: (y) => settingsOfYear(ctx.history, y).yearly_allowance,
    });
    const entry = regimeOfYear(ctx.history, year);
    const response = {
      ...built,
      years: taxYearsWithActivity(ctx.computation, ctx.portfolioId),
      settings_from: {
        from_year: entry.fromYear,
        from_label: entry.fromYear === null ? null : taxYear(entry.settings.rule, entry.fromYear).label,
      },
    };
    if (!memo) {
      memo = new Map();
      reports.set(ctx.computation, memo);
    }
    if (memo.size > 20) memo.clear();
    memo.set(memoKey, response);
    return response;
  }

  /** The coins by name and ticker ("Bitcoin (BTC)") and the portfolios by name, for the files. */
  async function csvLabels(
    ctx: TaxContext,
    built: TaxReportResponse,
  ): Promise<{ coin: (id: string) => string; portfolio: (id: string) => string }> {
    const coinIds = [...new Set(built.disposals.map((d) => d.coin_id))];
    const quotes =
      coinIds.length === 0
        ? new Map<string, CoinMarket>()
        : await deps.market.getQuotes(coinIds, 'usd').catch(() => new Map<string, CoinMarket>());
    const names = new Map(ctx.books.loaded.map((l) => [l.portfolio.id, l.portfolio.name]));
    return {
      coin: (id) => {
        const q = quotes.get(id);
        const symbol = q?.symbol?.toUpperCase() ?? knownCoinSymbol(id);
        const name = q?.name ?? id;
        return symbol ? `${name} (${symbol})` : name;
      },
      portfolio: (id) => names.get(id) ?? id,
    };
  }

  return {
    context,
    /** The cached replay of some books under a rule (the lot-choice check asks for the US rule's). */
    computation: computations.get,

    async settings(userId: string): Promise<TaxSettings> {
      return toTaxSettings(await findTaxSettings(deps.db, userId));
    },

    async updateSettings(userId: string, patch: UpdateTaxSettings): Promise<TaxSettings> {
      // The current settings are the history's latest entry: its rule must keep the calendar of
      // the earlier entries (see the settings by tax year).
      if (patch.rule !== undefined) {
        const earlier = (await findHistoryRows(deps.db, userId)).slice(0, -1);
        const rule = patch.rule;
        if (earlier.some((row) => !sameTaxCalendar(entryOfRow(row).settings.rule, rule)))
          throw validationError({ rule: [taxHistoryMessages.otherCalendar] });
      }
      const values: TaxSettingsValues = {};
      if (patch.rule !== undefined) values.rule = patch.rule;
      if (patch.custom_threshold_days !== undefined) values.customThresholdDays = patch.custom_threshold_days;
      if (patch.short_rate !== undefined) values.shortRate = patch.short_rate;
      if (patch.long_rate !== undefined) values.longRate = patch.long_rate;
      if (patch.yearly_allowance !== undefined) values.yearlyAllowance = patch.yearly_allowance;
      // Per-portfolio lots is a US rule: asked for under another rule it is refused, and a change
      // to another rule turns it off.
      if (patch.lots_per_portfolio !== undefined || (patch.rule !== undefined && patch.rule !== 'us')) {
        const rule = patch.rule ?? toTaxSettings(await findTaxSettings(deps.db, userId)).rule;
        if (patch.lots_per_portfolio === true && rule !== 'us')
          throw validationError({ lots_per_portfolio: [walletAllocationMessages.onlyUs] });
        if (rule !== 'us') values.lotsPerPortfolio = false;
        else if (patch.lots_per_portfolio !== undefined) values.lotsPerPortfolio = patch.lots_per_portfolio;
      }
      return toTaxSettings(await upsertTaxSettings(deps.db, userId, values, deps.clock()));
    },

    async lots(userId: string, query: LotsQuery): Promise<LotsView> {
      const ctx = await context(userId, query.portfolio_id);
      const coins = [...new Set(ctx.computation.holdings.map((h) => h.coinId))];
      const quotes = await deps.market.getQuotes(coins, ctx.books.currency);
      const prices = new Map<string, string | null>();
      for (const id of coins) {
        const price = quotes.get(id)?.current_price;
        // Quotes are doubles from the market; their shortest decimal form is the exact string we value at.
        prices.set(id, price === undefined || !(price > 0) ? null : String(price));
      }
      const asOfDay = dayInZone(deps.clock().getTime(), ctx.computation.zone);
      // Holding periods as this tax year's entry counts them (a change may start next year).
      const thisYear = computationForYear(ctx.computation, taxYearOf(ctx.settings.rule, asOfDay));
      return buildLotsView(thisYear, {
        portfolioId: ctx.portfolioId,
        coinId: query.coin_id,
        prices,
        asOfDay,
        currency: ctx.books.currency,
      });
    },

    report,

    async reportCsv(userId: string, query: TaxReportCsvQuery): Promise<{ filename: string; body: string }> {
      const ctx = await context(userId, query.portfolio_id, { year: query.year });
      const built = reportOf(ctx, query);
      // Demo mode: rewards are priced at simulated closes, so the file says so. Form
      // 8949 keeps its header first and its columns in the form's order: the label goes into each
      // row's description (a); the generic file gets a first `#` line. Both names say so too.
      const demo = deps.market.describe().mode === 'demo';
      const labels = { ...(await csvLabels(ctx, built)), demo };
      const body =
        query.format === 'form8949'
          ? form8949Csv(built, labels)
          : demo
            ? withDemoNotice(genericTaxCsv(built, labels))
            : genericTaxCsv(built, labels);
      const scope =
        query.portfolio_id === 'all' ? 'all-portfolios' : `portfolio-${query.portfolio_id.slice(0, 8)}`;
      const name = query.format === 'form8949' ? 'form-8949' : 'realized-gains';
      const filename = `${name}-${built.year_label.replace('/', '-')}-${scope}.csv`;
      return { filename: demo ? demoFilename(filename) : filename, body };
    },
  };
}

export type TaxService = ReturnType<typeof createTaxService>;
