import {
  defaultTaxSettings,
  type LotsQuery,
  type LotsView,
  portfolioMessages,
  type TaxReportCsvQuery,
  type TaxReportQuery,
  type TaxReportResponse,
  type TaxSettings,
  taxRuleSchema,
  type UpdateTaxSettings,
} from '@app/contracts';
import {
  buildLotsView,
  buildTaxReport,
  Dec,
  dayInZone,
  demoFilename,
  form8949Csv,
  genericTaxCsv,
  type TaxComputation,
  taxYearOf,
  taxYearsWithActivity,
  toDecimalString,
  withDemoNotice,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import type { TaxSettingsRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
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
  };
}

/** What every tax view needs: the settings, the books in one currency, and their replay. */
export interface TaxContext {
  settings: TaxSettings;
  books: TaxBooks;
  computation: TaxComputation;
  portfolioId: string | null;
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

  async function context(userId: string, scope: string): Promise<TaxContext> {
    const portfolioId = scope === 'all' ? null : scope;
    const [settingsRow, prefs, books] = await Promise.all([
      findTaxSettings(deps.db, userId),
      deps.preferences.get(userId),
      loadTaxBooks(deps, userId, portfolioId),
    ]);
    if (portfolioId !== null && !books.loaded.some((l) => l.portfolio.id === portfolioId)) {
      throw notFound(portfolioMessages.portfolioNotFound);
    }
    const settings = toTaxSettings(settingsRow);
    return {
      settings,
      books,
      computation: computations.get(books, settings, prefs.cost_basis_method),
      portfolioId,
    };
  }

  async function report(userId: string, query: TaxReportQuery): Promise<TaxReportResponse> {
    const ctx = await context(userId, query.portfolio_id);
    const rule = ctx.settings.rule;
    const year = query.year ?? taxYearOf(rule, dayInZone(deps.clock().getTime(), ctx.computation.zone));
    const memoKey = `${year}|${ctx.portfolioId}|${ctx.books.currency}|${ctx.settings.short_rate}|${ctx.settings.long_rate}|${ctx.settings.yearly_allowance}`;
    let memo = reports.get(ctx.computation);
    const hit = memo?.get(memoKey);
    if (hit) return hit;
    const built = buildTaxReport(ctx.computation, {
      year,
      portfolioId: ctx.portfolioId,
      currency: ctx.books.currency,
      shortRate: ctx.settings.short_rate,
      longRate: ctx.settings.long_rate,
      yearlyAllowance: ctx.settings.yearly_allowance,
    });
    const response = { ...built, years: taxYearsWithActivity(ctx.computation, ctx.portfolioId) };
    if (!memo) {
      memo = new Map();
      reports.set(ctx.computation, memo);
    }
    if (memo.size > 20) memo.clear();
    memo.set(memoKey, response);
    return response;
  }

  return {
    context,
    /** The cached replay of some books under a rule (the lot-choice check asks for the US rule's). */
    computation: computations.get,

    async settings(userId: string): Promise<TaxSettings> {
      return toTaxSettings(await findTaxSettings(deps.db, userId));
    },

    async updateSettings(userId: string, patch: UpdateTaxSettings): Promise<TaxSettings> {
      const values: TaxSettingsValues = {};
      if (patch.rule !== undefined) values.rule = patch.rule;
      if (patch.custom_threshold_days !== undefined) values.customThresholdDays = patch.custom_threshold_days;
      if (patch.short_rate !== undefined) values.shortRate = patch.short_rate;
      if (patch.long_rate !== undefined) values.longRate = patch.long_rate;
      if (patch.yearly_allowance !== undefined) values.yearlyAllowance = patch.yearly_allowance;
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
      return buildLotsView(ctx.computation, {
        portfolioId: ctx.portfolioId,
        coinId: query.coin_id,
        prices,
        asOfDay: dayInZone(deps.clock().getTime(), ctx.computation.zone),
        currency: ctx.books.currency,
      });
    },

    report,

    async reportCsv(userId: string, query: TaxReportCsvQuery): Promise<{ filename: string; body: string }> {
      const built = await report(userId, query);
      // Demo mode: rewards are priced at simulated closes, so the file says so. Form
      // 8949 keeps its header first and its columns in the form's order: the label goes into each
      // row's description (a); the generic file gets a first `#` line. Both names say so too.
      const demo = deps.market.describe().mode === 'demo';
      const body =
        query.format === 'form8949'
          ? form8949Csv(built, demo ? (coin) => `${coin} (demo data)` : undefined)
          : demo
            ? withDemoNotice(genericTaxCsv(built))
            : genericTaxCsv(built);
      const scope =
        query.portfolio_id === 'all' ? 'all-portfolios' : `portfolio-${query.portfolio_id.slice(0, 8)}`;
      const name = query.format === 'form8949' ? 'form-8949' : 'realized-gains';
      const filename = `${name}-${built.year_label.replace('/', '-')}-${scope}.csv`;
      return { filename: demo ? demoFilename(filename) : filename, body };
    },
  };
}

export type TaxService = ReturnType<typeof createTaxService>;
