import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerDashboardRoutes } from '../dashboard/dashboard.routes.ts';
import { createDashboardService } from '../dashboard/dashboard.service.ts';
import { createDailyClosesCache } from '../market/candles.ts';
import type { MarketReader } from '../market/market-reader.ts';
import type { TaxService } from '../tax/tax.service.ts';
import { registerTaxModule } from '../tax/tax-module.ts';
import { createCsvImportService } from '../transactions/csv-import.service.ts';
import { createTransactionOptionsService } from '../transactions/transaction-options.service.ts';
import { registerTransactionRoutes } from '../transactions/transactions.routes.ts';
import { createTransactionsService } from '../transactions/transactions.service.ts';
import { createFeeValuer } from './fee-quotes.ts';
import { createLedgerCache, type LedgerCache } from './ledger-cache.ts';
import { registerPortfolioRoutes } from './portfolios.routes.ts';
import { createPortfoliosService } from './portfolios.service.ts';
import { createPositionsService, type PositionsService } from './positions.service.ts';
import type { PreferencesReader } from './preferences.ts';

export interface PortfolioModuleDeps {
  db: Db;
  clock: Clock;
  market: MarketReader;
  preferences: PreferencesReader;
}

/**
 * Portfolios, transactions and the dashboard share one ledger cache, so a write through any of
 * them is seen by all. Returns the positions service other modules read (projections, terminal)
 * and the ledger cache itself (insights read the same books).
 */
export async function registerPortfolioModule(
  app: FastifyInstance,
  deps: PortfolioModuleDeps,
): Promise<{ positions: PositionsService; ledgers: LedgerCache; tax: TaxService }> {
  // Stored daily closes in memory: fees in another currency are valued at their day's rate or
  // coin close; tax reads the same cache for its rates and reward prices.
  const closes = createDailyClosesCache({
    db: deps.db,
    clock: deps.clock,
    mode: () => deps.market.describe().mode,
  });
  const ledgers = createLedgerCache({
    fees: createFeeValuer({ closes, clock: deps.clock, market: deps.market }),
  });
  const shared = { ...deps, ledgers };
  const transactions = createTransactionsService(shared);
  await registerPortfolioRoutes(app, {
    portfolios: createPortfoliosService(shared),
    transactions,
    csv: createCsvImportService(shared),
  });
  await registerTransactionRoutes(app, { transactions, options: createTransactionOptionsService(shared) });
  await registerDashboardRoutes(app, {
    dashboard: createDashboardService(shared),
    preferences: deps.preferences,
    market: deps.market,
    clock: deps.clock,
  });
  // Tax reads the same ledger cache, so every write is reflected in lots and reports at once.
  const { tax } = await registerTaxModule(app, { ...shared, closes });
  return { positions: createPositionsService(shared), ledgers, tax };
}
