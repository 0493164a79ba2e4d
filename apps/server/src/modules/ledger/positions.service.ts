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
  /** Cost basis of the units held, per the user's cost-basis method. */
  invested_capital: string;
  tokens_owned: string;
}

export interface Position {
  quantity: string;
  /** In the user's base currency, converted at today's rate when a portfolio uses another. */
  cost_basis: string;
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

  async function totals(userId: string, portfolioIds?: string[]): Promise<Map<string, { q: Dec; c: Dec }>> {
    const prefs = await preferences.get(userId);
    const loaded = await loadUserBooks(db, ledgers, userId, portfolioIds);
    const rates = loaded.some((l) => l.portfolio.currency !== prefs.base_currency)
      ? await market.getUsdRates()
      : {};
    const sums = new Map<string, { q: Dec; c: Dec }>();
    for (const { portfolio, book } of loaded) {
      const factor = currencyFactor(rates, portfolio.currency, prefs.base_currency);
      if (!factor) throw ratesUnavailable();
      for (const coin of book.ledger(prefs.cost_basis_method).coins) {
        const sum = sums.get(coin.coin_id) ?? { q: new Dec(0), c: new Dec(0) };
        sum.q = sum.q.add(coin.quantity);
        sum.c = sum.c.add(new Dec(coin.cost_basis).mul(factor));
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
      };
    },
    async getPositions(userId) {
      const out = new Map<string, Position>();
      for (const [coinId, sum] of await totals(userId)) {
        if (sum.q.gt(0))
          out.set(coinId, { quantity: toDecimalString(sum.q), cost_basis: toDecimalString(sum.c) });
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
