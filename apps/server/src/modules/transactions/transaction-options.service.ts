import {
  type AvailableCryptocurrencies,
  type CryptoOptionsResponse,
  costBasisMethodLabels,
  costBasisMethods,
  type PortfolioCurrency,
  portfolioCurrencies,
  portfolioMessages,
  rewardKinds,
  type TransactionOptions,
  transactionTypeLabels,
  transactionTypes,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { LedgerCache, PreferencesReader } from '../ledger/index.ts';
import { coinIdentity, listPortfolios, loadUserBooks, userCoinIds } from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';

const rewardLabels: Record<(typeof rewardKinds)[number], string> = {
  staking: 'Staking',
  airdrop: 'Airdrop',
  other: 'Other',
};

export function createTransactionOptionsService(deps: {
  db: Db;
  market: MarketReader;
  preferences: PreferencesReader;
  ledgers: LedgerCache;
}) {
  const { db, market, preferences, ledgers } = deps;
  return {
    async options(userId: string): Promise<TransactionOptions> {
      const portfolios = await listPortfolios(db, userId);
      return {
        types: transactionTypes.map((value) => ({ value, label: transactionTypeLabels[value] })),
        reward_kinds: rewardKinds.map((value) => ({ value, label: rewardLabels[value] })),
        cost_basis_methods: costBasisMethods.map((value) => ({ value, label: costBasisMethodLabels[value] })),
        currencies: [...portfolioCurrencies],
        portfolios: portfolios.map((p) => ({
          id: p.id,
          name: p.name,
          currency: p.currency as PortfolioCurrency,
        })),
      };
    },

    /** Coins the user has transactions in (the list filter), with their identity. */
    async cryptoOptions(userId: string): Promise<CryptoOptionsResponse> {
      const ids = await userCoinIds(db, userId);
      const quotes = ids.length > 0 ? await market.getQuotes(ids, 'usd') : new Map();
      return { cryptocurrencies: ids.map((id) => coinIdentity(id, quotes.get(id))) };
    },

    /** Coins held now per portfolio: what a sell or transfer out can take. */
    async available(userId: string, portfolioId?: string): Promise<AvailableCryptocurrencies> {
      const prefs = await preferences.get(userId);
      const loaded = await loadUserBooks(db, ledgers, userId, portfolioId ? [portfolioId] : undefined);
      if (portfolioId && loaded.length === 0)
        throw notFound(portfolioMessages.portfolioNotFound, 'portfolio_id');
      const held = loaded.flatMap(({ portfolio, book }) =>
        book
          .ledger(prefs.cost_basis_method)
          .coins.filter((c) => c.quantity !== '0')
          .map((c) => ({ portfolioId: portfolio.id, coinId: c.coin_id, quantity: c.quantity })),
      );
      const ids = [...new Set(held.map((h) => h.coinId))];
      const quotes = ids.length > 0 ? await market.getQuotes(ids, 'usd') : new Map();
      return {
        cryptocurrencies: held.map((h) => ({
          ...coinIdentity(h.coinId, quotes.get(h.coinId)),
          portfolio_id: h.portfolioId,
          available_quantity: h.quantity,
        })),
      };
    },
  };
}

export type TransactionOptionsService = ReturnType<typeof createTransactionOptionsService>;
