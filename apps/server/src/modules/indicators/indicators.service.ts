import { alertMessages, errorCodes, type IndicatorQuery, type IndicatorResponse } from '@app/contracts';
import { ema, macd, rsi, sma } from '@app/core';
import { AppError } from '../../lib/app-error.ts';
import type { MarketReader } from '../market/index.ts';

/**
 * Indicators over a coin's completed daily closes, exactly the closes the response carries, so
 * anyone can recompute the values. Unlike the alert engine, no live bar is appended:
 * a chart of history should not move with every tick.
 */
export function createIndicatorsService(deps: { market: MarketReader }) {
  return {
    async series(coinId: string, query: IndicatorQuery): Promise<IndicatorResponse> {
      const coin = await deps.market.getCoin(coinId, query.vs_currency);
      if (!coin) {
        throw new AppError({
          code: errorCodes.notFound,
          message: alertMessages.coinUnknown,
        });
      }
      const { closes, timestamps } = await deps.market.getDailyCloses(coinId, query.days, query.vs_currency);
      const base = {
        coin_id: coinId,
        vs_currency: query.vs_currency,
        metric: query.metric,
        closes,
        timestamps,
      };
      if (query.metric === 'macd') {
        const result = macd(closes);
        return {
          ...base,
          period: null,
          macd: result.macd,
          signal: result.signal,
          histogram: result.histogram,
        };
      }
      const period = query.period ?? 14;
      const compute = { sma, ema, rsi }[query.metric];
      return { ...base, period, values: compute(closes, period) };
    },
  };
}

export type IndicatorsService = ReturnType<typeof createIndicatorsService>;
