import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MarketReader } from '../market/index.ts';
import { createDailyClosesCache, type DailyClosesCache } from '../market/index.ts';
import { createFeeValuer } from './fee-quotes.ts';
import { createLedgerCache, type LedgerCache } from './ledger-cache.ts';
import { createPositionsService, type PositionsService } from './positions.service.ts';
import type { PreferencesReader } from './preferences.ts';

export interface Ledger {
  /** Every portfolio's replayed books, shared so a write through any module is seen by all. */
  ledgers: LedgerCache;
  /** Stored daily closes in memory: fee values, the day's exchange rates and reward prices. */
  closes: DailyClosesCache;
  /** Holdings valued at the market, for projections and the terminal. */
  positions: PositionsService;
}

/**
 * The ledger every module reads: one cache of the books and one of the daily closes per app,
 * so fees, tax, the dashboard and insights value a row at the same day's price.
 */
export function createLedger(deps: {
  db: Db;
  clock: Clock;
  market: MarketReader;
  preferences: PreferencesReader;
}): Ledger {
  const closes = createDailyClosesCache({
    db: deps.db,
    clock: deps.clock,
    mode: () => deps.market.describe().mode,
  });
  const ledgers = createLedgerCache({
    fees: createFeeValuer({ closes, clock: deps.clock, market: deps.market }),
  });
  return { ledgers, closes, positions: createPositionsService({ ...deps, ledgers }) };
}
