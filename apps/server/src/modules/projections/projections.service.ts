import {
  type CalculateRequest,
  type CalculateWithTransactionsResponse,
  errorCodes,
  idNotFoundMessages,
  limitMessages,
  type PortfolioDataResponse,
  type Projection,
  type ProjectionCreate,
  type ProjectionFiguresWire,
  type ProjectionMarket,
  type ProjectionUpdate,
  type ReplaceTransactionItem,
  type SellTransaction,
} from '@app/contracts';
import { figuresForProjection, roundCirculatingSupply, safeImageUrl } from '@app/core';
import type { Db } from '../../db/client.ts';
import { lockUserCreates } from '../../db/user-locks.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MarketReader } from '../market/index.ts';
import * as repo from './projections.repository.ts';
import { plainDecimal, toProjection, toSellTransaction } from './projections-mapper.ts';

/** What the portfolios module offers for the dialog's prefill. */
export interface CoinPositionReader {
  getCoinPosition(userId: string, coinId: string): Promise<PortfolioDataResponse>;
}

export interface ProjectionsServiceDeps {
  db: Db;
  clock: Clock;
  market: MarketReader;
  /** LIMIT_PROJECTIONS_PER_USER. */
  projectionsPerUser: number;
  /** Absent until the portfolios module exists: the prefill then reports no data. */
  positions?: CoinPositionReader;
}

function projectionNotFound(): AppError {
  return new AppError({
    code: errorCodes.notFound,
    message: idNotFoundMessages.projection,
  });
}

function transactionNotFound(): AppError {
  return new AppError({
    code: errorCodes.notFound,
    message: idNotFoundMessages.projectionTransaction,
  });
}

const noMarket: ProjectionMarket = {
  current_price: null,
  ath: null,
  ath_date: null,
  market_cap: null,
  circulating_supply: null,
};

/** Rows sorted by their order and renumbered from 1 (the client does it too; the server keeps the invariant). */
function renumber(items: readonly ReplaceTransactionItem[]): repo.TransactionValues[] {
  return [...items]
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.transaction_order - b.item.transaction_order || a.index - b.index)
    .map(({ item }, i) => ({
      coinsSold: item.coins_sold,
      pricePerCoin: item.price_per_coin,
      feesPercentage: item.fees_percentage,
      priceImpactPercentage: item.price_impact_percentage,
      transactionOrder: i + 1,
    }));
}

export function createProjectionsService(deps: ProjectionsServiceDeps) {
  const { db, clock, market, projectionsPerUser } = deps;

  async function marketFor(coinId: string, currency: string): Promise<ProjectionMarket> {
    try {
      const coin = await market.getCoin(coinId, currency);
      if (coin === null) return noMarket;
      return {
        current_price: coin.current_price,
        ath: coin.ath,
        ath_date: coin.ath_date,
        market_cap: coin.market_cap,
        circulating_supply: coin.circulating_supply,
      };
    } catch {
      // Market figures are extras: a projection must still open without them.
      return noMarket;
    }
  }

  async function owned(userId: string, id: string): Promise<repo.ProjectionRow> {
    const row = await repo.findProjection(db, userId, id);
    if (!row) throw projectionNotFound();
    return row;
  }

  return {
    async list(userId: string): Promise<Projection[]> {
      return (await repo.listProjections(db, userId)).map(toProjection);
    },

    async get(userId: string, id: string): Promise<Projection> {
      return toProjection(await owned(userId, id));
    },

    /** The circulating supply comes from the market (rounded to 2 decimals). */
    async create(userId: string, input: ProjectionCreate): Promise<Projection> {
      const quote = await marketFor(input.coin_id, input.currency);
      const row = await db.transaction(async (tx) => {
        await lockUserCreates(tx, 'projections', userId);
        if ((await repo.countProjections(tx, userId)) >= projectionsPerUser) {
          const message = limitMessages.projections(projectionsPerUser);
          throw validationError({ name: [message] }, message);
        }
        return repo.insertProjection(tx, {
          userId,
          name: input.name,
          description: null,
          coinId: input.coin_id,
          coinName: input.coin_name,
          coinSymbol: input.coin_symbol,
          // Only http(s) images from the allowed market-data hosts; anything else is blank.
          coinImage: safeImageUrl(input.coin_image).url,
          investedCapital: input.invested_capital,
          tokensOwned: input.tokens_owned,
          circulatingSupply: roundCirculatingSupply(quote.circulating_supply),
          sellTax: input.sell_tax,
          currency: input.currency,
          now: clock(),
        });
      });
      return toProjection(row);
    },

    /** Editing keeps the coin; absent coin fields stay as they are. */
    async update(userId: string, id: string, input: ProjectionUpdate): Promise<Projection> {
      const values: Partial<repo.ProjectionValues> & { now: Date } = {
        name: input.name,
        investedCapital: input.invested_capital,
        tokensOwned: input.tokens_owned,
        sellTax: input.sell_tax,
        now: clock(),
      };
      if (input.coin_id !== undefined) values.coinId = input.coin_id;
      if (input.coin_name !== undefined) values.coinName = input.coin_name;
      if (input.coin_symbol !== undefined) values.coinSymbol = input.coin_symbol;
      if (input.coin_image !== undefined) values.coinImage = safeImageUrl(input.coin_image).url;
      if (input.description !== undefined) values.description = input.description;
      if (input.circulating_supply !== undefined) {
        values.circulatingSupply = roundCirculatingSupply(input.circulating_supply);
      }
      const row = await repo.updateProjection(db, userId, id, values);
      if (!row) throw projectionNotFound();
      return toProjection(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteProjection(db, userId, id))) throw projectionNotFound();
    },

    async portfolioData(userId: string, coinId: string): Promise<PortfolioDataResponse> {
      if (deps.positions === undefined) {
        return { portfolio_data_available: false, invested_capital: null, tokens_owned: null };
      }
      const position = await deps.positions.getCoinPosition(userId, coinId);
      if (!position.portfolio_data_available) {
        return { portfolio_data_available: false, invested_capital: null, tokens_owned: null };
      }
      return {
        portfolio_data_available: true,
        invested_capital: position.invested_capital === null ? null : plainDecimal(position.invested_capital),
        tokens_owned: position.tokens_owned === null ? null : plainDecimal(position.tokens_owned),
        ...(position.unknown_cost_quantity === undefined
          ? {}
          : { unknown_cost_quantity: plainDecimal(position.unknown_cost_quantity) }),
        ...(position.lots_without_cost ? { lots_without_cost: position.lots_without_cost } : {}),
      };
    },

    /** Stateless: the same core maths the client table runs. */
    calculate(input: CalculateRequest): ProjectionFiguresWire {
      return figuresForProjection(
        {
          invested_capital: input.invested_capital,
          tokens_owned: input.tokens_owned,
          sell_tax: input.sell_tax,
          circulating_supply: input.circulating_supply ?? null,
        },
        input.transactions.map((t, i) => ({
          id: t.id ?? `row-${i + 1}`,
          coins_sold: t.coins_sold,
          price_per_coin: t.price_per_coin,
          fees_percentage: t.fees_percentage,
          price_impact_percentage: t.price_impact_percentage,
          sell_tax: input.sell_tax,
          transaction_order: t.transaction_order,
        })),
        { currentPrice: input.current_price ?? undefined, athPrice: input.ath_price ?? undefined },
      );
    },

    async listTransactions(userId: string, id: string): Promise<SellTransaction[]> {
      await owned(userId, id);
      return (await repo.listTransactions(db, userId, id)).map(toSellTransaction);
    },

    async replaceTransactions(
      userId: string,
      id: string,
      items: readonly ReplaceTransactionItem[],
    ): Promise<SellTransaction[]> {
      const rows = await repo.replaceTransactions(db, userId, id, renumber(items));
      if (rows === undefined) throw projectionNotFound();
      return rows.map(toSellTransaction);
    },

    async deleteTransaction(userId: string, id: string, transactionId: string): Promise<void> {
      await owned(userId, id);
      if (!(await repo.deleteTransaction(db, userId, id, transactionId))) throw transactionNotFound();
    },

    /** The stored rows' figures, computed exactly as the client table computes them. */
    async calculateWithTransactions(userId: string, id: string): Promise<CalculateWithTransactionsResponse> {
      const row = await owned(userId, id);
      const projection = toProjection(row);
      const [transactions, quote] = await Promise.all([
        repo.listTransactions(db, userId, id).then((rows) => rows.map(toSellTransaction)),
        marketFor(projection.coin_id, projection.currency),
      ]);
      const figures = figuresForProjection(projection, transactions, {
        currentPrice: quote.current_price ?? undefined,
        athPrice: quote.ath ?? undefined,
      });
      return { projection, transactions, market: quote, figures };
    },
  };
}

export type ProjectionsService = ReturnType<typeof createProjectionsService>;
