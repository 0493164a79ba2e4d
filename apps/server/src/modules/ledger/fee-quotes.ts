import { type DailyCloseSeries, type FeeQuotes, feeNeeds } from '@app/core';
import type { Clock } from '../../lib/clock.ts';
import type { DailyClosesCache, MarketReader } from '../market/index.ts';
import { closeOn, dailyRates, downloadHistory, rateReferenceCoin } from './daily-rates.ts';
import type { FeeValuer } from './ledger-cache.ts';

/**
 * Day values for fees in other currencies, from stored market history in the portfolio's
 * currency: a fiat fee at that day's rate (the same reference-coin rates that convert a row of
 * another currency in the tax books), a coin fee at that coin's stored close. The closes cache
 * reads one source per series and never demo rows once live. A currency or coin
 * without stored history starts a background download; its rows wait, listed, meanwhile.
 */
export function createFeeValuer(deps: {
  closes: DailyClosesCache;
  clock: Clock;
  market?: Pick<MarketReader, 'getDailyCloses'> | undefined;
}): FeeValuer {
  return {
    async quotes(currency, txs): Promise<FeeQuotes> {
      const needs = feeNeeds(txs, currency);
      const now = deps.clock().getTime();
      const { market } = deps;
      const rates =
        needs.fiat.length === 0
          ? null
          : await dailyRates(
              deps.closes,
              currency,
              needs.fiat,
              market ? (vs) => downloadHistory(market, rateReferenceCoin, vs, now) : undefined,
              now,
            );
      const series =
        needs.coins.length === 0
          ? new Map<string, DailyCloseSeries>()
          : await deps.closes.get(needs.coins, currency).catch(() => new Map<string, DailyCloseSeries>());
      if (market) for (const c of needs.coins) if (!series.has(c)) downloadHistory(market, c, currency, now);
      return {
        rateOn: (code, executedAt) => rates?.rateOn(code, executedAt) ?? null,
        closeOn: (coinId, executedAt) => closeOn(series.get(coinId), executedAt),
      };
    },
  };
}
