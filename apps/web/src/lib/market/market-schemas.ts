// Loaded by market-api.ts with its first request (issue 15: zod is not in the terminal's or a coin
// page's first paint).
export {
  chartResponseSchema,
  coinDetailsResponseSchema,
  coinListPageSchema,
  coinResultsResponseSchema,
  globalDataResponseSchema,
  marketBreadthSchema,
  marketSelectResponseSchema,
  ohlcResponseSchema,
  trendingResponseSchema,
  userCoinsResponseSchema,
} from '@app/contracts';
