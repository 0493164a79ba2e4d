import type { CostBasisMethod } from '@app/contracts';
import {
  type CapitalHistory,
  type CoinCapital,
  capitalHistory,
  coinFigures,
  type DailyHoldings,
  dailyHoldings,
  type LedgerTotals,
  type LedgerTransaction,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import type { LedgerCache, PortfolioBook } from '../ledger/index.ts';
import { hasForeignFees, type PortfolioRow } from '../ledger/index.ts';
import { coinFingerprint } from './coin-fingerprint.ts';
import {
  decodeCapital,
  decodeHoldings,
  decodeTotals,
  encodeCapital,
  encodeHoldings,
  encodeTotals,
  type Fingerprinted,
  snapshotFormat,
} from './snapshot-codec.ts';
import { readSnapshot, readSnapshotVersion, writeSnapshot } from './snapshots.repository.ts';

export interface FiguresLogger {
  warn(object: Record<string, unknown>, message: string): void;
}

/**
 * What the dashboard needs of a portfolio at its current revision: ledger totals per
 * cost-basis method, and the daily holdings behind the performance chart. Three layers, fastest
 * first: memory (this process), the stored snapshot (survives restarts; one row instead of
 * every transaction), and the transactions themselves (the shared ledger cache). Figures are
 * kept per coin with a fingerprint of that coin's transactions, so after a write only the coins
 * it touched are recomputed, even in a process that never saw the previous revision. A computed
 * result is written back as the snapshot for its revision, so the next fresh process starts
 * from it.
 */
export interface PortfolioFigures {
  totals(portfolio: PortfolioRow, method: CostBasisMethod): Promise<readonly LedgerTotals[]>;
  holdings(portfolio: PortfolioRow): Promise<ReadonlyMap<string, DailyHoldings>>;
  /** Capital invested at the end of each day it changed (the performance chart's second line). */
  capital(portfolio: PortfolioRow, method: CostBasisMethod): Promise<CapitalHistory>;
  /** Transactions whose fee is in another currency without a rate or price for its day (left out). */
  feesWithoutPrice(portfolio: PortfolioRow): Promise<string[]>;
  /** Resolves once every snapshot write started so far has finished. */
  settle(): Promise<void>;
}

interface Remembered {
  revision: number;
  totals: Map<CostBasisMethod, { parts: Fingerprinted<LedgerTotals>[]; values: readonly LedgerTotals[] }>;
  holdings: { parts: Map<string, Fingerprinted<DailyHoldings>>; values: Map<string, DailyHoldings> } | null;
  capital: Map<CostBasisMethod, { parts: Map<string, Fingerprinted<CoinCapital>>; history: CapitalHistory }>;
  /** The figures of the revision before, kept to reuse the coins a write did not touch. */
  earlier: Pick<Remembered, 'totals' | 'holdings' | 'capital'> | null;
  /** Change days held in `holdings` (and `earlier`): what this entry costs (~12 bytes a day). */
  weight: number;
  /** Whether a fee of this revision is in another currency (asked once per revision). */
  foreignFees?: Promise<boolean>;
}

export function createPortfolioFigures(deps: {
  db: Db;
  ledgers: LedgerCache;
  logger?: FiguresLogger | undefined;
  /** Bound on the change days kept in memory across portfolios (~12 bytes each). */
  maxHoldingDays?: number;
  maxPortfolios?: number;
}): PortfolioFigures {
  const maxHoldingDays = deps.maxHoldingDays ?? 2_000_000;
  const maxPortfolios = deps.maxPortfolios ?? 500;
  const memory = new Map<string, Remembered>();
  let weight = 0;
  const runningTotals = new Map<string, Promise<readonly LedgerTotals[]>>();
  const runningHoldings = new Map<string, Promise<ReadonlyMap<string, DailyHoldings>>>();
  const runningCapital = new Map<string, Promise<CapitalHistory>>();
  const writes = new Set<Promise<void>>();

  function remembered(portfolio: PortfolioRow): Remembered {
    const hit = memory.get(portfolio.id);
    if (hit) memory.delete(portfolio.id);
    let entry: Remembered;
    if (hit && hit.revision === portfolio.revision) entry = hit;
    else {
      if (hit) weight -= hit.weight;
      const earlier =
        hit && hit.revision < portfolio.revision
          ? { totals: hit.totals, holdings: hit.holdings, capital: hit.capital }
          : null;
      entry = {
        revision: portfolio.revision,
        totals: new Map(),
        holdings: null,
        capital: new Map(),
        earlier,
        weight: 0,
      };
      entry.weight = daysIn(earlier?.holdings?.values) + capitalDays(earlier?.capital);
      weight += entry.weight;
    }
    // Re-inserted last: the map's order is least recently used first.
    memory.set(portfolio.id, entry);
    return entry;
  }

  function trim(): void {
    for (const [id, entry] of memory) {
      if (weight <= maxHoldingDays && memory.size <= maxPortfolios) return;
      memory.delete(id);
      weight -= entry.weight;
    }
  }

  /** Asked once per revision (a failed question is asked again). */
  function foreignFees(entry: Remembered, portfolio: PortfolioRow): Promise<boolean> {
    entry.foreignFees ??= hasForeignFees(deps.db, portfolio.id, portfolio.currency).catch(
      (error: unknown) => {
        entry.foreignFees = undefined;
        throw error;
      },
    );
    return entry.foreignFees;
  }

  async function carriesCosts(portfolio: PortfolioRow): Promise<boolean> {
    return (await deps.ledgers.carriedPrices(deps.db, portfolio)).prices.size > 0;
  }

  /** One computation per (portfolio, revision, kind) at a time; concurrent callers share it. */
  function once<T>(running: Map<string, Promise<T>>, key: string, run: () => Promise<T>): Promise<T> {
    const pending = running.get(key);
    if (pending) return pending;
    const started = run().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  }

  /**
   * Encodes and writes the snapshot once the current turn is over: the response that computed it
   * goes out first (PGlite runs on this thread, and a large write would hold the reply back; so
   * would fingerprinting every coin of a first read, which only the snapshot needs).
   */
  function store(portfolio: PortfolioRow, kind: string, payload: () => Uint8Array): void {
    const write = new Promise((resolve) => setImmediate(resolve))
      .then(() =>
        writeSnapshot(deps.db, portfolio.id, kind, {
          revision: portfolio.revision,
          format: snapshotFormat,
          payload: payload(),
        }),
      )
      .catch((error: unknown) =>
        deps.logger?.warn({ err: String(error), portfolioId: portfolio.id, kind }, 'snapshot write failed'),
      )
      .finally(() => writes.delete(write));
    writes.add(write);
  }

  /**
   * Figures for the portfolio's revision: the stored snapshot when it is current; otherwise
   * computed from the book, reusing unchanged coins from the previous revision (memory first,
   * else an older stored snapshot), and stored.
   */
  async function resolve<T>(
    portfolio: PortfolioRow,
    kind: string,
    inMemory: Map<string, Fingerprinted<T>> | null,
    decode: (payload: Uint8Array) => Map<string, Fingerprinted<T>>,
    compute: (txs: readonly LedgerTransaction[]) => T,
    encode: (parts: Map<string, Fingerprinted<T>>) => Uint8Array,
  ): Promise<Map<string, Fingerprinted<T>>> {
    let earlier = inMemory;
    // With the previous revision in memory, only a current snapshot is worth its payload.
    const probe = earlier ? await readSnapshotVersion(deps.db, portfolio.id, kind) : null;
    if (!earlier || (probe?.revision === portfolio.revision && probe.format === snapshotFormat)) {
      const row = await readSnapshot(deps.db, portfolio.id, kind);
      try {
        if (row && row.format === snapshotFormat && row.revision <= portfolio.revision) {
          const parts = decode(row.payload);
          if (row.revision === portfolio.revision) return parts;
          earlier = parts;
        }
      } catch (error) {
        deps.logger?.warn({ err: String(error), portfolioId: portfolio.id, kind }, 'unreadable snapshot');
      }
    }
    const book = await deps.ledgers.book(deps.db, portfolio);
    const parts = perCoin(book, earlier ?? new Map(), compute);
    store(portfolio, kind, () => encode(parts));
    return parts;
  }

  return {
    async totals(portfolio, method) {
      const entry = remembered(portfolio);
      // A fee in another currency is valued at its day's rate or coin close, which can arrive
      // after the write (a history download): such a portfolio's totals come from the ledger
      // cache's converted book (kept per coin and method there), never from a stored snapshot.
      // So do the totals of a portfolio holding deposits priced at what their withdrawal carried:
      // that cost is read from another portfolio's ledger, whose writes do not move this revision.
      if ((await foreignFees(entry, portfolio)) || (await carriesCosts(portfolio))) {
        const book = await deps.ledgers.book(deps.db, portfolio);
        return book.ledger(method).coins.map(totalsOf);
      }
      const hit = entry.totals.get(method);
      if (hit) return hit.values;
      const kind = `ledger:${method}`;
      return once(runningTotals, `${portfolio.id}:${portfolio.revision}:${kind}`, async () => {
        const before = entry.earlier?.totals.get(method)?.parts;
        const parts = await resolve(
          portfolio,
          kind,
          before ? new Map(before.map((c) => [c.value.coin_id, c])) : null,
          (payload) => new Map(decodeTotals(payload).map((c) => [c.value.coin_id, c])),
          (txs) => coinTotals(txs, method),
          (m) => encodeTotals([...m.values()]),
        );
        const list = [...parts.values()];
        const values = list.map((c) => c.value);
        if (memory.get(portfolio.id) === entry) entry.totals.set(method, { parts: list, values });
        return values;
      });
    },

    async holdings(portfolio) {
      const entry = remembered(portfolio);
      if (entry.holdings) return entry.holdings.values;
      return once(runningHoldings, `${portfolio.id}:${portfolio.revision}`, async () => {
        const parts = await resolve(
          portfolio,
          'holdings',
          entry.earlier?.holdings?.parts ?? null,
          decodeHoldings,
          coinHoldings,
          encodeHoldings,
        );
        const values = new Map<string, DailyHoldings>();
        for (const [coinId, c] of parts) values.set(coinId, c.value);
        if (memory.get(portfolio.id) === entry && !entry.holdings) {
          // The previous revision's holdings have served their purpose (reuse); keep this one's.
          const dropped = daysIn(entry.earlier?.holdings?.values);
          if (entry.earlier) entry.earlier = { ...entry.earlier, holdings: null };
          entry.holdings = { parts, values };
          const days = daysIn(values) - dropped;
          entry.weight += days;
          weight += days;
          trim();
        }
        return values;
      });
    },

    async capital(portfolio, method) {
      const entry = remembered(portfolio);
      // Fees in another currency and carried costs come from outside this portfolio's revision
      // (as for the totals): such a book's capital is derived from the ledger cache's converted
      // book, per coin, and never stored.
      if ((await foreignFees(entry, portfolio)) || (await carriesCosts(portfolio))) {
        const book = await deps.ledgers.book(deps.db, portfolio);
        return capitalHistory(book.coinIds().map((id) => capitalOf(book.coinTransactions(id), method)));
      }
      const hit = entry.capital.get(method);
      if (hit) return hit.history;
      const kind = `capital:${method}`;
      return once(runningCapital, `${portfolio.id}:${portfolio.revision}:${kind}`, async () => {
        const parts = await resolve(
          portfolio,
          kind,
          entry.earlier?.capital.get(method)?.parts ?? null,
          decodeCapital,
          (txs) => capitalOf(txs, method),
          encodeCapital,
        );
        const history = capitalHistory([...parts.values()].map((c) => c.value));
        if (memory.get(portfolio.id) === entry && !entry.capital.has(method)) {
          const dropped = capitalDays(entry.earlier?.capital, method);
          entry.earlier?.capital.delete(method);
          entry.capital.set(method, { parts, history });
          const days = capitalDays(entry.capital, method) - dropped;
          entry.weight += days;
          weight += days;
          trim();
        }
        return history;
      });
    },

    async feesWithoutPrice(portfolio) {
      if (!(await foreignFees(remembered(portfolio), portfolio))) return [];
      return [...(await deps.ledgers.book(deps.db, portfolio)).feeIssues.keys()];
    },

    async settle() {
      while (writes.size > 0) await Promise.all([...writes]);
    },
  };
}

function daysIn(holdings: ReadonlyMap<string, DailyHoldings> | undefined): number {
  let days = 0;
  for (const h of holdings?.values() ?? []) days += h.days.length;
  return days;
}

/** Capital change days held, for one method or all of them. */
function capitalDays(capital: Remembered['capital'] | undefined, method?: CostBasisMethod): number {
  let days = 0;
  for (const [m, { parts }] of capital ?? [])
    if (method === undefined || m === method) for (const c of parts.values()) days += c.value.days.length;
  return days;
}

/**
 * Figures per coin of the book, in coin id order: taken from `earlier` when the coin's
 * transactions are unchanged (same fingerprint), computed otherwise.
 */
function perCoin<T>(
  book: PortfolioBook,
  earlier: ReadonlyMap<string, Fingerprinted<T>>,
  compute: (txs: readonly LedgerTransaction[]) => T,
): Map<string, Fingerprinted<T>> {
  const out = new Map<string, Fingerprinted<T>>();
  for (const coinId of book.coinIds()) {
    const txs = book.coinTransactions(coinId);
    const before = earlier.get(coinId);
    out.set(
      coinId,
      before && before.fingerprint === coinFingerprint(txs) ? before : new Computed(txs, compute(txs)),
    );
  }
  return out;
}

/**
 * Figures computed from `txs`, fingerprinted when first asked: a coin with nothing to compare
 * against (a first read) needs its fingerprint only in the snapshot, written after the reply.
 * The transactions are let go once it is known, so kept figures do not hold them.
 */
class Computed<T> implements Fingerprinted<T> {
  private txs: readonly LedgerTransaction[] | null;
  private known = '';

  constructor(
    txs: readonly LedgerTransaction[],
    readonly value: T,
  ) {
    this.txs = txs;
  }

  get fingerprint(): string {
    if (this.txs) {
      this.known = coinFingerprint(this.txs);
      this.txs = null;
    }
    return this.known;
  }
}

/**
 * Per version of a coin's history (the ledger cache keeps one array per coin until a write
 * touches it): its totals per method and its holdings, computed once. The length guards
 * against an array that was appended to after all.
 */
interface HistoryFigures {
  length: number;
  totals: Map<CostBasisMethod, LedgerTotals>;
  holdings: DailyHoldings | null;
  capital: Map<CostBasisMethod, CoinCapital>;
}
const byHistory = new WeakMap<readonly LedgerTransaction[], HistoryFigures>();

function figuresOf(txs: readonly LedgerTransaction[]): HistoryFigures {
  let figures = byHistory.get(txs);
  if (!figures || figures.length !== txs.length) {
    figures = { length: txs.length, totals: new Map(), holdings: null, capital: new Map() };
    byHistory.set(txs, figures);
  }
  return figures;
}

/**
 * A coin's totals and capital under one method come from one replay (they are two readings of
 * the same timeline), so whichever is asked for first leaves the other ready.
 */
function replayed(txs: readonly LedgerTransaction[], method: CostBasisMethod): void {
  const figures = figuresOf(txs);
  const { totals, capital } = coinFigures(txs, method);
  figures.totals.set(method, totals);
  figures.capital.set(method, capital);
}

function coinTotals(txs: readonly LedgerTransaction[], method: CostBasisMethod): LedgerTotals {
  const figures = figuresOf(txs);
  if (!figures.totals.has(method)) replayed(txs, method);
  const totals = figures.totals.get(method);
  if (!totals) throw new Error('a coin with transactions has no ledger');
  return totals;
}

function coinHoldings(txs: readonly LedgerTransaction[]): DailyHoldings {
  const figures = figuresOf(txs);
  figures.holdings ??= dailyHoldings(txs);
  return figures.holdings;
}

function capitalOf(txs: readonly LedgerTransaction[], method: CostBasisMethod): CoinCapital {
  const figures = figuresOf(txs);
  if (!figures.capital.has(method)) replayed(txs, method);
  const capital = figures.capital.get(method);
  if (!capital) throw new Error('a coin with transactions has no capital days');
  return capital;
}

function totalsOf(c: LedgerTotals): LedgerTotals {
  return {
    coin_id: c.coin_id,
    quantity: c.quantity,
    cost_basis: c.cost_basis,
    average_cost: c.average_cost,
    unknown_cost_quantity: c.unknown_cost_quantity,
    lots_without_cost: c.lots_without_cost,
    disposals_with_unknown_cost: c.disposals_with_unknown_cost,
    realized_pnl: c.realized_pnl,
    cost_of_units_sold: c.cost_of_units_sold,
    proceeds: c.proceeds,
    cost_transferred_out: c.cost_transferred_out,
  };
}
