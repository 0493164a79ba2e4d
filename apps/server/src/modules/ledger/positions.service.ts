import { Dec, toDecimalString } from '@app/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MarketReader } from '../market/index.ts';
import { currencyFactor } from './currency.ts';
import type { LedgerCache } from './ledger-cache.ts';
import { portfoliosWithCoin } from './portfolios.repository.ts';
import type { PreferencesReader } from './preferences.ts';
import { loadUserBooks } from './user-books.ts';

/** A coin's portfolio data (for a projection). Amounts in the user's base currency. */
export interface CoinPosition {
  portfolio_data_available: boolean;
  /** Cost basis of the units held whose cost is known, per the user's cost-basis method. */
  invested_capital: string;
  /** Every unit held, those of unknown cost included. */
  tokens_owned: string;
  /** Units held whose cost is unknown and the lots without a cost; absent when none. */
  unknown_cost_quantity?: string;
  lots_without_cost?: number;
}

export interface Position {
  quantity: string;
  /**
   * Of the units of known cost, in the user's base currency, converted at today's rate when a
   * portfolio uses another.
   */
  cost_basis: string;
  /** Units held whose cost is unknown (in `quantity`, not in `cost_basis`). */
  unknown_cost_quantity: string;
  lots_without_cost: number;
}

interface PositionSum {
  q: Dec;
  c: Dec;
  unknown: Dec;
  lots: number;
}

export interface PositionsService {
  getCoinPosition(userId: string, coinId: string): Promise<CoinPosition>;
  /** Coins currently held (quantity > 0) across all of the user's portfolios. */
  getPositions(userId: string): Promise<Map<string, Position>>;
}

export interface PositionsServiceDeps {
  db: Db;
  market: MarketReader;
  preferences: PreferencesReader;
  ledgers: LedgerCache;
}

export function createPositionsService(deps: PositionsServiceDeps): PositionsService {
  const { db, market, preferences, ledgers } = deps;

  async function totals(userId: string, portfolioIds?: string[]): Promise<Map<string, PositionSum>> {
    const prefs = await preferences.get(userId);
    const loaded = await loadUserBooks(db, ledgers, userId, portfolioIds);
    const rates = loaded.some((l) => l.portfolio.currency !== prefs.base_currency)
      ? await market.getUsdRates()
      : {};
    const sums = new Map<string, PositionSum>();
    for (const { portfolio, book } of loaded) {
      const factor = currencyFactor(rates, portfolio.currency, prefs.base_currency);
      if (!factor) throw ratesUnavailable();
      for (const coin of book.ledger(prefs.cost_basis_method).coins) {
        const sum = sums.get(coin.coin_id) ?? { q: new Dec(0), c: new Dec(0), unknown: new Dec(0), lots: 0 };
        sum.q = sum.q.add(coin.quantity);
        sum.c = sum.c.add(new Dec(coin.cost_basis).mul(factor));
        sum.unknown = sum.unknown.add(coin.unknown_cost_quantity);
        sum.lots += coin.lots_without_cost;
        sums.set(coin.coin_id, sum);
      }
    }
    return sums;
  }

  return {
    async getCoinPosition(userId, coinId) {
      const ids = await portfoliosWithCoin(db, userId, coinId);
      if (ids.length === 0)
        return { portfolio_data_available: false, invested_capital: '0', tokens_owned: '0' };
      const sum = (await totals(userId, ids)).get(coinId);
      return {
        portfolio_data_available: true,
        invested_capital: sum ? toDecimalString(sum.c) : '0',
        tokens_owned: sum ? toDecimalString(sum.q) : '0',
        // Invested capital leaves these out: the projection says so rather than read them as free.
        ...(sum && !sum.unknown.isZero()
          ? { unknown_cost_quantity: toDecimalString(sum.unknown), lots_without_cost: sum.lots }
          : {}),
      };
    },
    async getPositions(userId) {
      const out = new Map<string, Position>();
      for (const [coinId, sum] of await totals(userId)) {
        if (sum.q.gt(0))
          out.set(coinId, {
            quantity: toDecimalString(sum.q),
            cost_basis: toDecimalString(sum.c),
            unknown_cost_quantity: toDecimalString(sum.unknown),
            lots_without_cost: sum.lots,
          });
      }
      return out;
    },
  };
}

export function ratesUnavailable(): AppError {
  return new AppError({
    code: 'rates_unavailable',
    message: 'External service error. Please try again later',
  });
}
