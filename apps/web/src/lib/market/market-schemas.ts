// Loaded by market-api.ts with its first request (zod is not in the terminal's or a coin
// page's first paint).
import { coinListPageSchema, coinMarketSchema } from '@app/contracts';
import { slicedListParse } from '@/lib/api/sliced-list-parse';

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

/** The market list (250 rows with sparklines) parsed in slices: not one long task. */
export const coinListPageParser = slicedListParse(coinListPageSchema, coinMarketSchema);
