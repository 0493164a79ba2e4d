import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { MoneyFormatter } from '@/lib/settings';
import { returnsQuery } from '@/lib/tax/tax-api';
import { performanceQuery } from '../api/dashboard-api';
import { type Timeframe, timeframes } from '../dashboard-selection';
import { type Benchmark, BenchmarkPicker, defaultBenchmark } from './benchmark-picker';

const width = 600;
const height = 200;

/** Portfolio value over time: a plain SVG line (no chart library in the bundle). */
export function PerformanceChart({
  portfolioId,
  timeframe,
  onTimeframe,
  money,
  benchmark: sharedBenchmark,
  onBenchmark,
}: {
  portfolioId: string;
  timeframe: Timeframe;
  onTimeframe: (t: Timeframe) => void;
  money: MoneyFormatter;
  /** The benchmark shared with the returns panel; the chart keeps its own when not given. */
  benchmark?: Benchmark;
  onBenchmark?: (b: Benchmark) => void;
}) {
  const { data, isPending, isError } = useQuery(performanceQuery(portfolioId, timeframe));
  const [showBenchmark, setShowBenchmark] = useState(false);
  const [ownBenchmark, setOwnBenchmark] = useState(defaultBenchmark);
  const chosen = sharedBenchmark ?? ownBenchmark;
  const setChosen = onBenchmark ?? setOwnBenchmark;
  const lineTimeframe = timeframe === '1D' ? null : timeframe;
  const benchmark = useQuery({
    ...returnsQuery(portfolioId, chosen.id, null, lineTimeframe),
    enabled: showBenchmark && lineTimeframe !== null,
  });
  const points = data?.points ?? [];
  const values = points.map(([, v]) => v);
  // Drawn only in the chart's own currency: a line in another currency would not share its scale.
  const benchPoints =
    showBenchmark && benchmark.data?.benchmark_line && benchmark.data.currency === data?.base_currency
      ? benchmark.data.benchmark_line.points.filter((p): p is [number, number] => p[1] !== null)
      : [];
  const period = benchmark.data?.periods.find((p) => p.period === timeframe);
  const min = Math.min(...values, ...benchPoints.map(([, v]) => v));
  const max = Math.max(...values, ...benchPoints.map(([, v]) => v));
  const span = max - min || 1;
  const t0 = points[0]?.[0] ?? 0;
  const t1 = points[points.length - 1]?.[0] ?? 1;
  const xy = points.map(([t, v]) => [
    ((t - t0) / (t1 - t0 || 1)) * width,
    height - ((v - min) / span) * (height - 10) - 5,
  ]);
  const line = xy.map(([x, y]) => `${x?.toFixed(1)},${y?.toFixed(1)}`).join(' ');
  const benchLine = benchPoints
    .filter(([t]) => t >= t0)
    .map(([t, v]) => {
      const x = ((t - t0) / (t1 - t0 || 1)) * width;
      const y = height - ((v - min) / span) * (height - 10) - 5;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  const up = last >= first;

  return (
    <div>
      <fieldset className="mb-3 flex flex-wrap gap-1">
        <legend className="sr-only">Timeframe</legend>
        {timeframes.map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={timeframe === t}
            onClick={() => onTimeframe(t)}
            className={cn(
              'rounded-md px-2 py-1 text-xs',
              timeframe === t ? 'bg-accent text-accent-fg font-semibold' : 'text-muted hover:text-fg',
            )}
          >
            {t}
          </button>
        ))}
        <label className="ml-auto flex items-center gap-1 text-xs text-muted">
          <input
            type="checkbox"
            checked={showBenchmark}
            disabled={lineTimeframe === null}
            onChange={(e) => setShowBenchmark(e.target.checked)}
          />
          Benchmark line
        </label>
      </fieldset>
      {showBenchmark && <BenchmarkPicker value={chosen} onChange={setChosen} className="mb-2" />}
      {isPending ? (
        <Spinner label="Loading chart" />
      ) : isError ? (
        <p className="text-sm text-danger">The chart could not be loaded.</p>
      ) : points.length < 2 ? (
        <p className="text-sm text-muted">No history yet: add transactions to see the value over time.</p>
      ) : (
        <figure>
          <svg
            viewBox={`0 0 ${width} ${height}`}
            className="h-48 w-full"
            preserveAspectRatio="none"
            role="img"
            aria-label={`Portfolio value from ${money(first)} to ${money(last)} over ${timeframe}`}
          >
            <polyline
              points={`0,${height} ${line} ${width},${height}`}
              className={up ? 'fill-accent/15' : 'fill-danger/15'}
              stroke="none"
            />
            <polyline
              points={line}
              fill="none"
              strokeWidth="2"
              vectorEffect="non-scaling-stroke"
              className={up ? 'stroke-accent' : 'stroke-danger'}
            />
            {benchLine !== '' && (
              <polyline
                points={benchLine}
                fill="none"
                strokeWidth="1.5"
                strokeDasharray="4 3"
                vectorEffect="non-scaling-stroke"
                className="stroke-muted"
              />
            )}
          </svg>
          <figcaption className="mt-1 flex justify-between text-xs text-muted">
            <span>
              Low {money(min)} · High {money(max)}
            </span>
            <span>Daily closes{data?.note ? `. ${data.note}` : ''}</span>
          </figcaption>
          {showBenchmark && (
            <p className="mt-1 text-xs text-muted">
              {benchLine === ''
                ? benchmark.isFetching
                  ? `Loading the ${chosen.name} line…`
                  : `No ${chosen.name} line for this view (no price history, or the portfolio is in another currency).`
                : `Dashed: ${chosen.name} rebased to the portfolio's value at the start of ${timeframe}.`}
              {benchLine !== '' &&
                period?.benchmark_difference_pp != null &&
                ` Time-weighted return ${Number(period.twr).toFixed(2)}% vs ${chosen.name} ${Number(period.benchmark_return).toFixed(2)}%: ${Number(period.benchmark_difference_pp) > 0 ? '+' : ''}${Number(period.benchmark_difference_pp).toFixed(2)} pp.`}
            </p>
          )}
        </figure>
      )}
    </div>
  );
}
