import { chartTimeframes, type OhlcRow, timeframeDays } from '@app/contracts';
import { ohlcCloses, ohlcShape } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PriceChart, type PriceChartData } from '@/components/ui/price-chart';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useMoneyFormatter } from '@/lib/settings';
import { forgetChartTimeframe, useChartTimeframe } from './chart-timeframe';
import { coinChartQuery, ohlcQuery } from './market-api';
import { marketStatusQuery } from './market-status';

type Mode = 'price' | 'ohlc';

/** What the OHLC view can honestly draw, and the sentence that says so on the chart. */
function ohlcView(rows: readonly OhlcRow[], demo: boolean): { data: PriceChartData; note: string | null } {
  const shape = ohlcShape(rows);
  if (shape === 'closes')
    return {
      data: { kind: 'line', points: ohlcCloses(rows) },
      note: 'Only daily closes are stored for this range, so it is drawn as a line of closes, not as candles.',
    };
  if (shape === 'mixed')
    return {
      data: { kind: 'line', points: ohlcCloses(rows) },
      note: 'Part of this range is stored as daily closes only, so it is drawn as a line of closes, not as candles.',
    };
  return {
    data: { kind: 'candles', rows },
    note: demo ? "Demo data: these candles are simulated from the snapshot's prices, not real trades." : null,
  };
}

/** The chart's timeframes (1D by default), as a price line or OHLC candles. */
export function CoinChart({ coinId, coinName, vs }: { coinId: string; coinName: string; vs: string }) {
  const [timeframe, setTimeframe] = useChartTimeframe(coinId);
  const [mode, setMode] = useState<Mode>('price');
  useEffect(() => () => forgetChartTimeframe(coinId), [coinId]);
  const money = useMoneyFormatter();
  const days = timeframeDays[timeframe];
  const price = useQuery({ ...coinChartQuery(coinId, timeframe, vs), enabled: mode === 'price' });
  const ohlc = useQuery({ ...ohlcQuery(coinId, days, vs), enabled: mode === 'ohlc' });
  const status = useQuery({ ...marketStatusQuery(), enabled: mode === 'ohlc' });
  const demo = status.data?.mode === 'demo';
  const active = mode === 'price' ? price : ohlc;

  const view = useMemo<{ data: PriceChartData; note: string | null } | null>(() => {
    if (mode === 'price')
      return price.data ? { data: { kind: 'line', points: price.data.prices }, note: null } : null;
    return ohlc.data ? ohlcView(ohlc.data, demo) : null;
  }, [mode, price.data, ohlc.data, demo]);
  const data = view?.data ?? null;

  const empty = data !== null && (data.kind === 'line' ? data.points.length === 0 : data.rows.length === 0);

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <fieldset className="m-0 flex gap-1 border-0 p-0">
          <legend className="sr-only">Timeframe</legend>
          {chartTimeframes.map((tf) => (
            <Button
              variant="unstyled"
              key={tf}
              aria-pressed={tf === timeframe}
              onClick={() => setTimeframe(tf)}
              className={cn(
                'rounded-md px-2.5 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-accent',
                tf === timeframe ? 'bg-accent text-accent-fg' : 'bg-surface-2 text-muted hover:text-fg',
              )}
            >
              {tf}
            </Button>
          ))}
        </fieldset>
        <fieldset className="m-0 flex gap-1 border-0 p-0">
          <legend className="sr-only">Chart type</legend>
          {(['price', 'ohlc'] as const).map((m) => (
            <Button
              variant="unstyled"
              key={m}
              aria-pressed={m === mode}
              onClick={() => setMode(m)}
              className={cn(
                'rounded-md px-2.5 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-accent',
                m === mode ? 'bg-surface-2 text-fg ring-1 ring-line' : 'text-muted hover:text-fg',
              )}
            >
              {m === 'price' ? 'Price' : 'OHLC'}
            </Button>
          ))}
        </fieldset>
      </div>
      {data === null ? (
        active.isError ? (
          <p className="py-16 text-center text-sm text-muted">The chart could not be loaded.</p>
        ) : (
          <div className="flex h-[320px] items-center justify-center">
            <Spinner label="Loading chart…" />
          </div>
        )
      ) : empty ? (
        <p className="py-16 text-center text-sm text-muted">
          No price history is available for this range yet.
        </p>
      ) : (
        <>
          {view?.note && (
            <p role="note" className="mb-2 text-xs text-warning">
              {view.note}
            </p>
          )}
          <PriceChart
            data={data}
            formatPrice={money}
            label={`${coinName} ${mode === 'price' ? 'price' : data.kind === 'line' ? 'daily close' : 'OHLC'} chart, ${timeframe}`}
          />
        </>
      )}
    </div>
  );
}
