import type { TaxSettings } from '@app/contracts';
import {
  type AlertOperand,
  type CoinMarket,
  type CostBasisMethod,
  insightMessages,
  stablecoinCategoryId,
} from '@app/contracts';
import {
  averageFeeRate,
  type CloseSeries,
  computeLedger,
  currentOperandValue,
  type DailyHoldings,
  Dec,
  dailyHoldings,
  describeCondition,
  describeFiredCondition,
  type FeeRow,
  formatCurrency,
  type InsightAlert,
  type InsightFiring,
  type InsightLot,
  type InsightPosition,
  type InsightProjection,
  type InsightsInput,
  isStablecoin,
  type LedgerTotals,
  type LedgerTransaction,
  toDecimalString,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { type AlertRow, alertCurrency, listAlerts } from '../alerts/index.ts';
import { coinFingerprint } from '../dashboard/index.ts';
import type { LedgerCache, LoadedPortfolio, PortfolioRow, PreferencesReader } from '../ledger/index.ts';
import { coinIdentity, currencyFactor, valuePortfolios } from '../ledger/index.ts';
import type { DailyClosesCache, MarketReader } from '../market/index.ts';
import { createTaxDecisionsService, type TaxService } from '../tax/index.ts';
import {
  listProjectionsWithSells,
  listTargets,
  notificationsSince,
  type ProjectionWithSells,
  readPreferences,
} from './insights.repository.ts';

export interface InputDeps {
  db: Db;
  clock: Clock;
  market: MarketReader;
  preferences: PreferencesReader;
  ledgers: LedgerCache;
  closes: DailyClosesCache;
  /**
   * Tax lots and this year's decisions under the user's stored rule (modules/tax); absent in tests
   * that do not need them.
   */
  tax?: Pick<TaxService, 'settings' | 'lots' | 'context'> | undefined;
}

const dayMs = 86_400_000;
/** Closes kept per coin for the statistics: 90 days of returns plus the 30-days-ago share. */
const windowDays = 120;
const btcId = 'bitcoin';

/**
 * Per version of a coin's history, identified by its content fingerprint (the dashboard's), so
 * a book reloaded after a write (new arrays for every coin) still reuses every coin the write
 * did not touch: totals and lots per method, daily holdings and fee rows, computed once.
 * Least recently used versions are dropped beyond `derivedLimit`.
 */
interface CoinDerived {
  totals: Map<CostBasisMethod, LedgerTotals>;
  lots: Map<CostBasisMethod, InsightLot[]>;
  holdings: DailyHoldings | null;
  fees: FeeRow[] | null;
}
const derived = new Map<string, CoinDerived>();
const derivedLimit = 20_000;

function derivedOf(txs: readonly LedgerTransaction[]): CoinDerived {
  const key = coinFingerprint(txs);
  let d = derived.get(key);
  if (d) derived.delete(key);
  else d = { totals: new Map(), lots: new Map(), holdings: null, fees: null };
  derived.set(key, d);
  if (derived.size > derivedLimit) {
    const oldest = derived.keys().next().value;
    if (oldest !== undefined) derived.delete(oldest);
  }
  return d;
}

/** The coin's ledger totals under `method` (lot methods also keep the lots, from the same run). */
function coinTotals(txs: readonly LedgerTransaction[], method: CostBasisMethod): LedgerTotals | null {
  const d = derivedOf(txs);
  const hit = d.totals.get(method);
  if (hit) return hit;
  if (method !== 'average') {
    coinLots(txs, method);
    return d.totals.get(method) ?? null;
  }
  const coin = computeLedger(txs, { method, explain: false }).coins[0];
  if (!coin) return null;
  d.totals.set(method, coin);
  return coin;
}

/** Lots still held under a lot method, in the portfolio's currency. */
function coinLots(txs: readonly LedgerTransaction[], method: CostBasisMethod): InsightLot[] {
  const d = derivedOf(txs);
  const hit = d.lots.get(method);
  if (hit) return hit;
  const coin = computeLedger(txs, { method, explain: true }).coins[0];
  if (coin) {
    const { explanation: _explanation, trail: _trail, ...totals } = coin;
    d.totals.set(method, totals);
  }
  const lots =
    coin && coin.explanation.method !== 'average'
      ? coin.explanation.lots.map((l) => ({
          coinId: coin.coin_id,
          acquiredAt: l.acquired_at,
          quantityLeft: l.quantity_left,
          unitCost: l.unit_cost,
          costBasis: l.cost_basis,
        }))
      : [];
  d.lots.set(method, lots);
  return lots;
}

/** One fee row per (year, type) of the coin, fees and traded value summed exactly. */
function coinFees(txs: readonly LedgerTransaction[]): FeeRow[] {
  const d = derivedOf(txs);
  if (d.fees) return d.fees;
  const sums = new Map<string, { year: number; type: FeeRow['type']; fee: Dec; notional: Dec }>();
  for (const tx of txs) {
    const year = new Date(tx.executed_at).getUTCFullYear();
    const key = `${year}:${tx.type}`;
    const sum = sums.get(key) ?? { year, type: tx.type, fee: new Dec(0), notional: new Dec(0) };
    sum.fee = sum.fee.add(tx.fee);
    // A transfer in of unknown cost has no traded value to set its fee against.
    if (tx.price_per_coin !== null)
      sum.notional = sum.notional.add(new Dec(tx.quantity).mul(tx.price_per_coin));
    sums.set(key, sum);
  }
  d.fees = [...sums.values()].map((s) => ({
    coinId: txs[0]?.coin_id ?? '',
    year: s.year,
    type: s.type,
    fee: s.fee.toFixed(),
    notional: s.notional.toFixed(),
  }));
  return d.fees;
}

function heldOnDay(txs: readonly LedgerTransaction[], day: number): number {
  const d = derivedOf(txs);
  d.holdings ??= dailyHoldings(txs);
  const { days, quantities } = d.holdings;
  let held = 0;
  for (let i = 0; i < days.length && (days[i] ?? Number.POSITIVE_INFINITY) <= day; i++)
    held = quantities[i] ?? 0;
  return held;
}

const scaled = (value: string, factor: Dec) =>
  factor.eq(1) ? value : toDecimalString(new Dec(value).mul(factor));

function categoriesOf(coinId: string, quote: CoinMarket | null): string[] {
  const categories = [...(quote?.categories ?? [])];
  if (isStablecoin({ id: coinId, categories }) && !categories.includes(stablecoinCategoryId))
    categories.push(stablecoinCategoryId);
  return categories;
}

/** Everything core's buildInsights reads, for the user's portfolios in scope. */
/**
 * The small per-user state behind the cards (a handful of short queries): read first, so the
 * service can tell from it whether anything changed since the cards it computed last.
 */
export interface InsightsState {
  prefs: Awaited<ReturnType<PreferencesReader['get']>>;
  stored: Awaited<ReturnType<typeof readPreferences>>;
  rates: Record<string, number>;
  targets: Awaited<ReturnType<typeof listTargets>>;
  plans: ProjectionWithSells[];
  alerts: AlertRow[];
  notifications: NotificationRow[];
  taxSettings: TaxSettings | null;
}

export async function readInsightsState(
  deps: InputDeps,
  userId: string,
  scope: string | null,
  now: Date,
): Promise<InsightsState> {
  const [prefs, stored, rates, targets, plans, alerts, notifications, taxSettings] = await Promise.all([
    deps.preferences.get(userId),
    readPreferences(deps.db, userId),
    deps.market.getUsdRates(),
    listTargets(deps.db, userId, scope),
    listProjectionsWithSells(deps.db, userId),
    listAlerts(deps.db, userId),
    notificationsSince(deps.db, userId, new Date(now.getTime() - 7 * dayMs)),
    deps.tax ? deps.tax.settings(userId) : Promise.resolve(null),
  ]);
  return { prefs, stored, rates, targets, plans, alerts, notifications, taxSettings };
}

export async function gatherInsightsInput(
  deps: InputDeps,
  userId: string,
  rows: readonly PortfolioRow[],
  scope: string | null,
  state: InsightsState,
  now: Date,
): Promise<InsightsInput> {
  const { db, market } = deps;
  const { prefs, stored, rates, targets } = state;
  const base = prefs.base_currency;
  const method = prefs.cost_basis_method;

  const unsupported = new Set<string>();
  const loaded: (LoadedPortfolio & { factor: Dec })[] = [];
  for (const portfolio of rows) {
    const factor = currencyFactor(rates, portfolio.currency, base);
    if (!factor) {
      unsupported.add(portfolio.currency);
      continue;
    }
    loaded.push({ portfolio, book: await deps.ledgers.book(db, portfolio), factor });
  }

  // Valued from the per-coin totals above, not book.ledger(): a reloaded book would re-cost
  // every coin, while fingerprints find the unchanged ones.
  const valued = loaded.map(({ portfolio, book }) => ({
    portfolio,
    book: {
      ledger: () => ({
        coins: book
          .coinIds()
          .map((id) => coinTotals(book.coinTransactions(id), method))
          .filter((c): c is LedgerTotals => c !== null),
      }),
    },
  }));
  const valuation = await valuePortfolios(valued, method, base, market);
  const held = valuation.coins.filter((c) => c.parts.quantity.gt(0));
  const unpricedSet = new Set(valuation.unpriced);
  const positions: InsightPosition[] = held.map((c) => {
    const id = coinIdentity(c.coinId, c.quote);
    return {
      coinId: c.coinId,
      symbol: id.symbol,
      name: id.name,
      quantity: toDecimalString(c.parts.quantity),
      costBasis: toDecimalString(c.parts.costBasis),
      ...(c.parts.unknownCostQuantity.isZero()
        ? {}
        : {
            unknownCostQuantity: toDecimalString(c.parts.unknownCostQuantity),
            lotsWithoutCost: c.parts.lotsWithoutCost,
          }),
      marketValue:
        unpricedSet.has(c.coinId) || c.parts.marketValue === null
          ? null
          : toDecimalString(c.parts.marketValue),
      price: c.price,
      ath: c.quote?.ath ?? null,
      categories: categoriesOf(c.coinId, c.quote),
    };
  });
  const heldIds = new Set(held.map((c) => c.coinId));

  const lots: InsightLot[] = [];
  const fees: FeeRow[] = [];
  const thirtyAgo = new Map<string, number>();
  const thenDay = Math.floor(now.getTime() / dayMs) - 31;
  let transactionCount = 0;
  for (const { book, factor } of loaded) {
    transactionCount += book.transactions.length;
    for (const coinId of book.coinIds()) {
      const txs = book.coinTransactions(coinId);
      if (method !== 'average' && heldIds.has(coinId)) {
        for (const lot of coinLots(txs, method)) {
          lots.push({
            ...lot,
            unitCost: lot.unitCost === null ? null : scaled(lot.unitCost, factor),
            costBasis: lot.costBasis === null ? null : scaled(lot.costBasis, factor),
          });
        }
      }
      for (const row of coinFees(txs)) {
        fees.push(
          factor.eq(1)
            ? row
            : { ...row, fee: scaled(row.fee, factor), notional: scaled(row.notional, factor) },
        );
      }
      const then = heldOnDay(txs, thenDay);
      if (then > 0) thirtyAgo.set(coinId, (thirtyAgo.get(coinId) ?? 0) + then);
    }
  }

  // Closes are stored in USD; statistics are currency-free and shares use one rate for all coins.
  const usdToBase = currencyFactor(rates, 'usd', base)?.toNumber() ?? 1;
  const series = await deps.closes.get([...heldIds, btcId], alertCurrency);
  const closes = new Map<string, CloseSeries>();
  const endDay = Math.floor(now.getTime() / dayMs) - 1;
  for (const [coinId, s] of series) {
    const timestamps: number[] = [];
    const values: number[] = [];
    const from = Math.max(s.firstDay, endDay - windowDays + 1);
    for (let day = from; day < s.firstDay + s.closes.length && day <= endDay; day++) {
      const close = s.closes[day - s.firstDay];
      if (close === undefined || !Number.isFinite(close)) continue;
      timestamps.push(day * dayMs);
      values.push(close * usdToBase);
    }
    closes.set(coinId, { timestamps, closes: values });
  }

  const [projections, alerts, firings, taxLots, taxDecisions] = await Promise.all([
    projectionInputs(deps, state, loaded, heldIds, scope),
    alertInputs(deps, state.alerts, scope === null ? null : heldIds),
    firingInputs(deps, state.notifications, scope === null ? null : heldIds, { base, usdToBase }),
    taxLotsInput(deps, state.taxSettings, userId, scope),
    taxDecisionsInput(deps, state.taxSettings, userId, scope),
  ]);

  const source = market.describe();
  return {
    now,
    portfolioId: scope,
    baseCurrency: base,
    method,
    settings: {
      concentrationThreshold: stored?.concentrationThreshold ?? '40',
      nearPercent: stored?.nearPercent ?? '10',
    },
    positions,
    lots,
    closes,
    heldThirtyDaysAgo: new Map([...thirtyAgo].map(([id, q]) => [id, String(q)])),
    fees,
    projections,
    alerts,
    firings,
    targets,
    feeRate: averageFeeRate(fees).toFixed(),
    health: {
      unpriced: valuation.unpriced.filter((id) => heldIds.has(id)),
      market: {
        source: source.source,
        asOf: source.as_of,
        stale: source.stale,
        demo: source.mode === 'demo',
      },
      unsupportedCurrencies: [...unsupported].sort(),
      lotsWithoutCost: held.reduce((sum, c) => sum + c.parts.lotsWithoutCost, 0),
    },
    transactionCount,
    taxLots,
    taxDecisions,
  };
}

async function projectionInputs(
  deps: InputDeps,
  state: InsightsState,
  loaded: readonly (LoadedPortfolio & { factor: Dec })[],
  heldIds: ReadonlySet<string>,
  scope: string | null,
): Promise<InsightProjection[]> {
  const plans = state.plans.filter((p) => scope === null || heldIds.has(p.projection.coinId));
  if (plans.length === 0) return [];
  const { rates } = state;
  const byCurrency = new Map<string, Set<string>>();
  for (const { projection } of plans) {
    const set = byCurrency.get(projection.currency) ?? new Set<string>();
    set.add(projection.coinId);
    byCurrency.set(projection.currency, set);
  }
  const quotes = new Map<string, CoinMarket>();
  for (const [currency, ids] of byCurrency) {
    for (const [id, q] of await deps.market.getQuotes([...ids], currency)) quotes.set(`${currency}:${id}`, q);
  }
  return plans.map(({ projection: p, sells }) => {
    const quote = quotes.get(`${p.currency}:${p.coinId}`) ?? null;
    let held = new Dec(0);
    let realised = new Dec(0);
    for (const { portfolio, book } of loaded) {
      const factor = currencyFactor(rates, portfolio.currency, p.currency);
      for (const tx of book.coinTransactions(p.coinId)) {
        const quantity = new Dec(tx.quantity);
        if (tx.type === 'sell' || tx.type === 'transfer_out') held = held.sub(quantity);
        else held = held.add(quantity);
        if (
          tx.type === 'sell' &&
          tx.price_per_coin !== null &&
          factor &&
          Date.parse(tx.executed_at) >= p.createdAt.getTime()
        ) {
          realised = realised.add(quantity.mul(tx.price_per_coin).sub(tx.fee).mul(factor));
        }
      }
    }
    return {
      id: p.id,
      coinId: p.coinId,
      symbol: quote?.symbol ?? p.coinSymbol ?? p.coinId,
      tokensOwned: p.tokensOwned,
      investedCapital: p.investedCapital,
      sellTax: p.sellTax,
      currency: p.currency,
      priceNow: quote ? new Dec(quote.current_price).toFixed() : null,
      ath: quote?.ath ?? null,
      realisedProceeds: toDecimalString(realised),
      heldNow: toDecimalString(Dec.max(held, new Dec(0))),
      sells: sells.map((s) => ({
        order: s.transactionOrder,
        coinsSold: s.coinsSold,
        pricePerCoin: s.pricePerCoin,
        feesPercentage: s.feesPercentage,
        priceImpactPercentage: s.priceImpactPercentage,
        sellTax: s.sellTax,
      })),
    };
  });
}

async function alertInputs(
  deps: InputDeps,
  alerts: readonly AlertRow[],
  coins: ReadonlySet<string> | null,
): Promise<InsightAlert[]> {
  const rows = alerts.filter((a) => coins === null || coins.has(a.coinId));
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((a) => a.coinId))];
  const [quotes, series] = await Promise.all([
    deps.market.getQuotes(ids, alertCurrency),
    deps.closes.get(ids, alertCurrency),
  ]);
  return rows.map((a) => {
    const quote = quotes.get(a.coinId);
    const s = series.get(a.coinId);
    const closes = s ? Array.from(s.closes).filter(Number.isFinite) : [];
    const value = (operand: AlertOperand) =>
      quote
        ? currentOperandValue(operand, closes, quote.current_price)
        : operand.type === 'value'
          ? operand.value
          : null;
    return {
      coinId: a.coinId,
      symbol: quote?.symbol ?? a.coinId,
      condition: describeCondition({ left: a.left, op: a.op, right: a.right }),
      left: value(a.left),
      right: value(a.right),
      metric: a.left.metric ?? a.right.metric ?? 'price',
      op: a.op,
      active: a.active,
    };
  });
}

/**
 * Alerts fired in the last week, read as their notification reads: the condition with
 * the values it had, in the base currency at firing; the price then at that rate when the base
 * currency is still the same (else today's), and the price now at today's rate.
 */
async function firingInputs(
  deps: InputDeps,
  notifications: readonly NotificationRow[],
  coins: ReadonlySet<string> | null,
  currency: { base: string; usdToBase: number },
): Promise<InsightFiring[]> {
  const rows = notifications.filter((n) => coins === null || coins.has(n.coinCoingeckoId));
  if (rows.length === 0) return [];
  const quotes = await deps.market.getQuotes([...new Set(rows.map((n) => n.coinCoingeckoId))], alertCurrency);
  return rows.map((n) => {
    const { left, right } = n.eventPayload;
    const priceOperand = left.metric === 'price' ? left : right.metric === 'price' ? right : null;
    const quote = quotes.get(n.coinCoingeckoId);
    const atFiring = n.eventPayload.currency;
    const rateThen = atFiring?.code === currency.base ? atFiring.rate : currency.usdToBase;
    return {
      coinId: n.coinCoingeckoId,
      symbol: quote?.symbol ?? n.coinCoingeckoId,
      condition: describeFiredCondition(n.eventPayload, formatCurrency),
      firedAt: n.createdAt.toISOString(),
      priceAtFiring: priceOperand ? priceOperand.value * rateThen : null,
      priceNow: quote ? quote.current_price * currency.usdToBase : null,
    };
  });
}

/**
 * Open tax lots under the user's own tax rule. The rule is the user's choice: without one (or
 * without the tax module) nothing is guessed and the card says what is missing.
 */
async function taxLotsInput(
  deps: InputDeps,
  settings: TaxSettings | null,
  userId: string,
  scope: string | null,
): Promise<InsightsInput['taxLots']> {
  if (!deps.tax || !settings) return { unavailable: insightMessages.taxUnavailable };
  if (settings.rule === 'none') return { unavailable: insightMessages.taxRuleMissing };
  return deps.tax.lots(userId, { portfolio_id: scope ?? 'all' });
}

/** This tax year's decisions under the user's own rule; none without a rule (the card says what is missing). */
async function taxDecisionsInput(
  deps: InputDeps,
  settings: TaxSettings | null,
  userId: string,
  scope: string | null,
): Promise<InsightsInput['taxDecisions']> {
  if (!deps.tax || !settings || settings.rule === 'none') return undefined;
  const decisions = createTaxDecisionsService({ tax: deps.tax, clock: deps.clock, market: deps.market });
  return decisions.decisions(userId, { portfolio_id: scope ?? 'all' });
}
