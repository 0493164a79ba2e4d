import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerCache, PreferencesReader } from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import { createDailyClosesCache, type DailyClosesCache } from '../market/index.ts';
import type { LotChoiceCheck } from '../transactions/index.ts';
import { registerTaxDecisionsRoutes } from './decisions.routes.ts';
import { createTaxDecisionsService } from './decisions.service.ts';
import { registerLotChoiceRoutes } from './lot-choice.routes.ts';
import { createLotChoiceCheck } from './lot-choice-check.service.ts';
import { createProjectionTaxService } from './projection-tax.service.ts';
import { createReturnsService } from './returns.service.ts';
import { createSaleLotsService } from './sale-lots.service.ts';
import { registerTaxRoutes } from './tax.routes.ts';
import { createTaxService, type TaxService } from './tax.service.ts';
import type { TaxBooksCache, TransferLinksReader } from './tax-books.ts';
import { registerTaxHistoryRoutes } from './tax-history.routes.ts';
import { createTaxHistoryService } from './tax-history.service.ts';
import { registerWalletAllocationRoutes } from './wallet-allocation.routes.ts';
import { createWalletAllocationService } from './wallet-allocation.service.ts';
import { registerWhatIfRoutes } from './what-if.routes.ts';

/** Tax lots, the realized-gains report and returns, over the portfolio module's ledger cache. */
export async function registerTaxModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    market: MarketReader;
    ledgers: LedgerCache;
    preferences: PreferencesReader;
    /** The own transfers the books apply (the transfers module's matched and proposed pairs). */
    transfers: TransferLinksReader;
    /** Shared with the ledger cache's fee valuation when given. */
    closes?: DailyClosesCache | undefined;
  },
): Promise<{ tax: TaxService; lotChoiceCheck: LotChoiceCheck }> {
  const closes =
    deps.closes ??
    createDailyClosesCache({
      db: deps.db,
      clock: deps.clock,
      mode: () => deps.market.describe().mode,
    });
  const shared = { ...deps, closes, booksCache: new Map() as TaxBooksCache };
  const tax = createTaxService(shared);
  const returns = createReturnsService(shared);
  app.addHook('onClose', async () => {
    await returns.stop();
  });
  const projections = createProjectionTaxService({
    db: deps.db,
    clock: deps.clock,
    tax,
    market: deps.market,
  });
  await registerTaxRoutes(app, { tax, returns, projections });
  await registerTaxHistoryRoutes(app, { history: createTaxHistoryService(deps) });
  await registerWhatIfRoutes(app, { tax, clock: deps.clock, market: deps.market });
  await registerWalletAllocationRoutes(app, {
    allocation: createWalletAllocationService({ db: deps.db, clock: deps.clock, tax }),
  });
  await registerLotChoiceRoutes(app, { saleLots: createSaleLotsService({ tax, clock: deps.clock }) });
  await registerTaxDecisionsRoutes(app, {
    decisions: createTaxDecisionsService({ tax, clock: deps.clock, market: deps.market }),
  });
  // The transactions module checks writes against sales' named lots with this (app.ts hands it down).
  return { tax, lotChoiceCheck: createLotChoiceCheck(tax) };
}
