import type { CostBasisMethod } from '@app/contracts';
import { appliedTransferLinks, computeLedger, Dec, type LedgerTransaction, toDecimalString } from '@app/core';
import type { Db } from '../../db/client.ts';
import {
  type CarriedCostSource,
  type CarriedPrices,
  type LedgerCache,
  listPortfolios,
  noCarriedPrices,
  type PortfolioRow,
  type PreferencesReader,
} from '../ledger/index.ts';
import type { TransferState } from './transfers.service.ts';

/** A withdrawal whose deposit has no cost of its own, grouped by where its cost is read. */
interface CarriedPair {
  outId: string;
  inId: string;
  inPortfolioId: string;
}

/** Passes over the pairs at most: a chain A → B → C settles in one pass per step. */
const maxPasses = 8;
/** Users whose carried prices are kept; each entry is small (a price per matched deposit). */
const maxUsers = 500;

/**
 * The cost a deposit of unknown cost takes from the withdrawal it is one own transfer with (the
 * transfers module's applied pairs): the cost per unit the withdrawal's portfolio removed with
 * the coins, under the user's cost-basis method, read from that portfolio's ledger at the
 * withdrawal. The units the network kept take their share of that cost with them (the deposit is
 * priced per unit that left), as the tax report disposes of them. A deposit keeps its unknown cost
 * when the withdrawal took units of unknown cost itself, was an oversell, or is in a portfolio of
 * another currency (no day rate is applied here). Costs flow down a chain of transfers (a deposit
 * priced this way can be withdrawn again), so the pairs are passed over until nothing changes.
 * Keyed by the user's method and every portfolio's revision: any write, and every transfer
 * decision (it moves both revisions), is seen by the next read in any process.
 */
export function createCarriedCostSource(deps: {
  ledgers: LedgerCache;
  preferences: PreferencesReader;
  state: (userId: string) => Promise<TransferState>;
}): CarriedCostSource {
  const cache = new Map<string, { key: string; byPortfolio: Map<string, CarriedPrices> }>();
  const running = new Map<string, Promise<Map<string, CarriedPrices>>>();

  async function compute(
    db: Db,
    userId: string,
    key: string,
    portfolios: ReadonlyMap<string, PortfolioRow>,
    method: CostBasisMethod,
  ): Promise<Map<string, CarriedPrices>> {
    const s = await deps.state(userId);
    const stated = async (portfolioId: string) => {
      const row = portfolios.get(portfolioId);
      return row ? deps.ledgers.statedBook(db, row) : undefined;
    };
    // Source (portfolio, coin) → the pairs whose cost its ledger tells.
    const groups = new Map<string, { portfolioId: string; coinId: string; pairs: CarriedPair[] }>();
    for (const [outId, inId] of appliedTransferLinks(s.result)) {
      const out = s.byId.get(outId);
      const arrived = s.byId.get(inId);
      if (!out || !arrived) continue;
      const from = portfolios.get(out.row.portfolioId);
      const to = portfolios.get(arrived.row.portfolioId);
      if (!from || !to || from.currency !== to.currency) continue;
      const own = (await stated(to.id))?.coinTransactions(arrived.row.coinId).find((t) => t.id === inId);
      if (!own || own.price_per_coin !== null) continue;
      const groupKey = `${from.id}\u0000${out.row.coinId}`;
      const group = groups.get(groupKey) ?? { portfolioId: from.id, coinId: out.row.coinId, pairs: [] };
      group.pairs.push({ outId, inId, inPortfolioId: to.id });
      groups.set(groupKey, group);
    }

    const prices = new Map<string, { price: string; portfolioId: string }>();
    for (let pass = 0; pass < maxPasses; pass++) {
      let changed = false;
      for (const group of groups.values()) {
        const book = await stated(group.portfolioId);
        if (!book) continue;
        const txs: LedgerTransaction[] = book.coinTransactions(group.coinId).map((t) => {
          const carried = t.price_per_coin === null ? prices.get(t.id) : undefined;
          return carried === undefined ? t : { ...t, price_per_coin: carried.price };
        });
        const steps = new Map(
          computeLedger(txs, { method, explain: true }).steps.map((x) => [x.transaction_id, x]),
        );
        for (const pair of group.pairs) {
          const step = steps.get(pair.outId);
          const unknown = step?.unknown_cost_quantity_removed;
          const price =
            !step || (unknown !== undefined && !new Dec(unknown).isZero())
              ? null
              : toDecimalString(new Dec(step.cost_removed).div(step.quantity));
          const before = prices.get(pair.inId)?.price ?? null;
          if (price === before) continue;
          changed = true;
          if (price === null) prices.delete(pair.inId);
          else prices.set(pair.inId, { price, portfolioId: pair.inPortfolioId });
        }
      }
      if (!changed) break;
    }

    const perPortfolio = new Map<string, Map<string, string>>();
    for (const [inId, { price, portfolioId }] of prices) {
      const own = perPortfolio.get(portfolioId) ?? new Map<string, string>();
      own.set(inId, price);
      perPortfolio.set(portfolioId, own);
    }
    const byPortfolio = new Map<string, CarriedPrices>();
    for (const [portfolioId, own] of perPortfolio) byPortfolio.set(portfolioId, { key, prices: own });
    cache.delete(userId);
    cache.set(userId, { key, byPortfolio });
    if (cache.size > maxUsers) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return byPortfolio;
  }

  return {
    async pricesFor(db, portfolio) {
      const userId = portfolio.userId;
      if (userId === undefined) return noCarriedPrices;
      const [rows, prefs] = await Promise.all([listPortfolios(db, userId), deps.preferences.get(userId)]);
      const method = prefs.cost_basis_method;
      const key = `${method}|${rows.map((r) => `${r.id}:${r.revision}:${r.currency}`).join(',')}`;
      const hit = cache.get(userId);
      let byPortfolio = hit?.key === key ? hit.byPortfolio : undefined;
      if (!byPortfolio) {
        const runKey = `${userId}|${key}`;
        let run = running.get(runKey);
        if (!run) {
          run = compute(db, userId, key, new Map(rows.map((r) => [r.id, r])), method).finally(() =>
            running.delete(runKey),
          );
          running.set(runKey, run);
        }
        byPortfolio = await run;
      }
      return byPortfolio.get(portfolio.id) ?? noCarriedPrices;
    },
  };
}
