export { createDailyClosesCache, type DailyClosesCache } from './candles.ts';
export { createCoinImageCache } from './coin-image-cache.ts';
export { withoutSparkline } from './convert.ts';
export { publicData, registerMarketRoutes } from './market.routes.ts';
export {
  createMarketService,
  isMarketService,
  type MarketService,
  type SecondaryMarketSource,
} from './market.service.ts';
export { readStoredCloses, upsertCandles } from './market-cache.repository.ts';
export type { DailyCloses, MarketReader } from './market-reader.ts';
export { marketStatus } from './market-status.ts';
export { createProviderMarketReader } from './provider-market-reader.ts';
