export {
  type CashMovementRow,
  type CashMovementValues,
  deleteConnectionCash,
  insertCashMovements,
  listCashMovements,
} from './cash-movements.repository.ts';
export { coinIdentity } from './coin-identity.ts';
export { currencyFactor } from './currency.ts';
export { closeOn, dailyRates, downloadHistory, rateReferenceCoin } from './daily-rates.ts';
export { createLedger } from './ledger.ts';
export {
  type BookKey,
  type CarriedCostSource,
  type CarriedPrices,
  createLedgerCache,
  type LedgerCache,
  noCarriedPrices,
  type PortfolioBook,
} from './ledger-cache.ts';
export { type AfterRowsWritten, createLedgerWriter, type LedgerWritePlan } from './ledger-writer.ts';
export { findOversells, type LedgerEdit, type Oversell } from './oversell-check.ts';
export {
  localisedViolation,
  OversellRejection,
  rejectFirstOversell,
  spokenOversells,
} from './oversell-text.ts';
export {
  deleteShare,
  findAccountByHandle,
  findShareOf,
  insertShare,
  listPortfolioShares,
  listSharedWith,
  type SharedPortfolioRow,
  type ShareWithMember,
  updateShareRole,
} from './portfolio-shares.repository.ts';
export {
  countPortfolios,
  deletePortfolio,
  findPortfolio,
  findPortfoliosByIds,
  hasForeignFees,
  hasPortfolios,
  insertPortfolio,
  listPortfolios,
  type PortfolioRow,
  updatePortfolio,
} from './portfolios.repository.ts';
export type { PreferencesReader } from './preferences.ts';
export { createShareResolver } from './share-resolver.ts';
export {
  deleteTransaction,
  findTransaction,
  insertTransactions,
  listPortfolioTransactions,
  listTransactions,
  sourcedCoinRows,
  type TransactionRow,
  type TransactionValues,
  updateTransaction,
  userCoinIds,
} from './transactions.repository.ts';
export { type LoadedPortfolio, loadUserBooks } from './user-books.ts';
export { type CoinValuation, valuationTotals, valuePortfolios } from './valuation.ts';
