import {
  type ConfirmWalletAllocation,
  type FieldErrors,
  type WalletAllocation,
  type WalletAllocationCoin,
  walletAllocationMessages,
} from '@app/contracts';
import {
  type AllocationProblem,
  allocationProblems,
  type CoinAllocationCalc,
  Dec,
  piecesByAcquisition,
  type TaxComputation,
  toDecimalString,
  toDecimalStringOrNull,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import { validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TaxContext, TaxService } from './tax.service.ts';
import { historyKey, regimeEntries } from './tax-history.ts';
import { deleteWalletAllocation, replaceWalletAllocation } from './wallet-allocation.repository.ts';
import { type PerPortfolioRun, perPortfolioRun } from './wallet-allocation-input.ts';

/** The allocation as the engine ran it, with the context it ran in. */
interface AllocationState {
  ctx: TaxContext;
  run: PerPortfolioRun;
  coins: CoinAllocationCalc[];
  computation: TaxComputation;
}

function coinOut(coin: CoinAllocationCalc, names: ReadonlyMap<string, string>): WalletAllocationCoin {
  // Oldest first in each portfolio, whichever order the lines were stored in.
  const pieces = piecesByAcquisition(coin.pieces).sort((x, y) => x.at - y.at);
  const held = [...coin.held.values()].reduce((sum, q) => sum.add(q), new Dec(0));
  return {
    coin_id: coin.coinId,
    held: toDecimalString(held),
    portfolios: [...coin.held].map(([portfolioId, quantity]) => ({
      portfolio_id: portfolioId,
      portfolio_name: names.get(portfolioId) ?? portfolioId,
      held: toDecimalString(quantity),
      pieces: pieces
        .filter((p) => p.portfolioId === portfolioId)
        .map((p) => ({
          acquisition_id: p.acquisitionId,
          acquired_at: new Date(p.at).toISOString(),
          quantity: toDecimalString(p.quantity),
          cost: toDecimalStringOrNull(p.cost),
        })),
    })),
  };
}

/**
 * Per-portfolio lots' allocation of the 2024 lots: the proposal from the ledger, or the one the
 * person confirmed. Costs are in the report's currency (the US rule's dollars).
 */
export function createWalletAllocationService(deps: { db: Db; clock: Clock; tax: TaxService }) {
  async function state(userId: string): Promise<AllocationState> {
    const ctx = await deps.tax.context(userId, 'all', true);
    // With the setting off the engine runs once more only to find the year-end lots.
    const run = ctx.perPortfolio ?? (await perPortfolioRun(deps.db, userId, false));
    const history =
      ctx.history.length > 1
        ? { key: historyKey(ctx.history), entries: regimeEntries(ctx.history) }
        : undefined;
    const computation = ctx.perPortfolio
      ? ctx.computation
      : deps.tax.computation(ctx.books, ctx.settings, ctx.computation.options.method, history, run);
    return { ctx, run, computation, coins: computation.walletAllocation?.coins ?? [] };
  }

  function out(s: AllocationState): WalletAllocation {
    const a = s.computation.walletAllocation;
    const names = new Map(s.ctx.books.loaded.map((l) => [l.portfolio.id, l.portfolio.name]));
    const confirmedAt = s.run.rows[0]?.confirmedAt ?? null;
    const status = a?.status ?? (s.run.rows.length > 0 ? 'outdated' : 'proposed');
    return {
      source: status === 'confirmed' ? 'confirmed' : 'proposed',
      status,
      confirmed_at: confirmedAt === null ? null : confirmedAt.toISOString(),
      lots_per_portfolio: s.ctx.settings.lots_per_portfolio,
      as_of: '2024-12-31',
      method: a?.method ?? 'fifo',
      currency: s.ctx.books.currency,
      coins: s.coins.map((c) => coinOut(c, names)),
    };
  }

  function fieldErrors(problems: readonly AllocationProblem[], s: AllocationState): FieldErrors {
    const names = new Map(s.ctx.books.loaded.map((l) => [l.portfolio.id, l.portfolio.name]));
    const errors: FieldErrors = {};
    const add = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message];
    };
    const m = walletAllocationMessages;
    for (const p of problems) {
      if (p.kind === 'unknown_acquisition') add(`pieces.${p.index}.acquisition_id`, m.unknownAcquisition);
      else if (p.kind === 'unknown_portfolio') add(`pieces.${p.index}.portfolio_id`, m.unknownPortfolio);
      else if (p.kind === 'duplicate') add(`pieces.${p.index}.portfolio_id`, m.duplicate);
      else if (p.kind === 'bad_quantity') add(`pieces.${p.index}.quantity`, m.badQuantity);
      else if (p.kind === 'over_lot')
        add(`pieces.${p.index}.quantity`, m.overLot(toDecimalString(p.placed), toDecimalString(p.available)));
      else
        add(
          'pieces',
          m.portfolioTotal(
            p.coinId,
            names.get(p.portfolioId) ?? p.portfolioId,
            toDecimalString(p.placed),
            toDecimalString(p.held),
          ),
        );
    }
    return errors;
  }

  return {
    async get(userId: string): Promise<WalletAllocation> {
      return out(await state(userId));
    },

    /** Checks the whole allocation and stores it in place of the old one, or refuses it whole. */
    async confirm(userId: string, body: ConfirmWalletAllocation): Promise<WalletAllocation> {
      const s = await state(userId);
      const lines = body.pieces.map((p) => ({
        acquisitionId: p.acquisition_id,
        portfolioId: p.portfolio_id,
        quantity: p.quantity,
      }));
      const portfolios = new Set(s.ctx.books.loaded.map((l) => l.portfolio.id));
      const problems = allocationProblems(s.coins, lines, portfolios);
      if (problems.length > 0) throw validationError(fieldErrors(problems, s));
      const coinOf = new Map(s.coins.flatMap((c) => c.lots.map((l) => [l.acquisitionId, c.coinId] as const)));
      await replaceWalletAllocation(
        deps.db,
        userId,
        lines.map((l) => ({ ...l, coinId: coinOf.get(l.acquisitionId) ?? '' })),
        deps.clock(),
      );
      return out(await state(userId));
    },

    /** Forgets the confirmed allocation: the proposal is used (and shown) again. */
    async reset(userId: string): Promise<WalletAllocation> {
      await deleteWalletAllocation(deps.db, userId);
      return out(await state(userId));
    },
  };
}

export type WalletAllocationService = ReturnType<typeof createWalletAllocationService>;
