import { dayMs } from '../market/daily-candles.ts';

export const returnPeriods = ['1M', '3M', 'YTD', '1Y', 'ALL'] as const;
export type ReturnPeriod = (typeof returnPeriods)[number];

/**
 * First day of a period ending on `endDay` (inclusive): calendar months and years back (the day
 * after the same date), YTD from 1 January, ALL from the first transaction.
 */
export function periodStartDay(period: ReturnPeriod, endDay: number, inceptionDay: number): number {
  const end = new Date(endDay * dayMs);
  const y = end.getUTCFullYear();
  const m = end.getUTCMonth();
  const d = end.getUTCDate();
  const back = (months: number) => {
    const target = new Date(Date.UTC(y, m - months, 1));
    const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    return Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d, lastDay)) / dayMs + 1;
  };
  let start: number;
  switch (period) {
    case '1M':
      start = back(1);
      break;
    case '3M':
      start = back(3);
      break;
    case 'YTD':
      start = Date.UTC(y, 0, 1) / dayMs;
      break;
    case '1Y':
      start = back(12);
      break;
    default:
      start = inceptionDay;
  }
  return Math.max(start, inceptionDay);
}
