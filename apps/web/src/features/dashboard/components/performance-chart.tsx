import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { MoneyFormatter } from '@/lib/settings';
import { returnsQuery } from '@/lib/tax/tax-api';
import { performanceQuery } from '../api/dashboard-api';
import { type Timeframe, timeframes } from '../dashboard-selection';
import { type Benchmark, defaultBenchmark } from './benchmark';
import { BenchmarkPicker } from './benchmark-picker';
import { ValueChart, type ValueChartSeries } from './value-chart';

const dayMs = 86_400_000;

/**
 * The value line's colour follows the sign of the return: value above the capital invested is a
 * profit whatever the line did inside the timeframe. Without the capital series, the change over
 * the timeframe is the only return the chart knows.
 */
export function valueLineUp(values: readonly number[], capital: readonly (number | null)[]): boolean {
  const last = values[values.length - 1] ?? 0;
  const invested = capital.length === values.length ? capital[capital.length - 1] : undefined;
  if (invested !== undefined && invested !== null) return last >= invested;
  return last >= (values[0] ?? 0);
}

/** Portfolio value against capital invested over time, with axes and a crosshair (plain SVG, no chart library). */
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
  const times = points.map(([t]) => t);
  // The benchmark has its own daily grid: each chart point takes the benchmark of its day.
  const benchByDay = new Map(benchPoints.map(([t, v]) => [Math.floor(t / dayMs), v]));
  const benchValues = times.map((t) => benchByDay.get(Math.floor(t / dayMs)) ?? null);
  const hasBench = benchValues.some((v) => v !== null);
  const capital = data?.capital_invested ?? [];
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  const up = valueLineUp(values, capital);
  const currency = data?.base_currency ?? 'usd';
  const series: ValueChartSeries[] = [
    {
      label: 'Value',
      values,
      stroke: up ? 'stroke-accent' : 'stroke-danger',
      fill: up ? 'fill-accent/15' : 'fill-danger/15',
    },
    ...(capital.length === values.length
      ? [{ label: 'Capital invested', values: capital, stroke: 'stroke-warning' }]
      : []),
    ...(hasBench ? [{ label: chosen.name, values: benchValues, stroke: 'stroke-muted', dashed: true }] : []),
  ];

  return (
    <div>
      <fieldset className="mb-3 flex flex-wrap gap-1">
        <legend className="sr-only">Timeframe</legend>
        {timeframes.map((t) => (
          <Button
            variant="unstyled"
            key={t}
            aria-pressed={timeframe === t}
            onClick={() => onTimeframe(t)}
            className={cn(
              'rounded-md px-2 py-1 text-xs',
              timeframe === t ? 'bg-accent text-accent-fg font-semibold' : 'text-muted hover:text-fg',
            )}
          >
            {t}
          </Button>
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
          <ValueChart
            times={times}
            series={series}
            money={money}
            currency={currency}
            label={`Portfolio value from ${money(first)} to ${money(last)} over ${timeframe}, against capital invested of ${money(capital[capital.length - 1] ?? null)}`}
          />
          <figcaption className="mt-2 text-xs text-muted">
            Daily closes; the gap between value and capital invested is the unrealized profit or loss.
            {data?.note ? ` ${data.note}` : ''}
          </figcaption>
          {showBenchmark && (
            <p className="mt-1 text-xs text-muted">
              {!hasBench
                ? benchmark.isFetching
                  ? `Loading the ${chosen.name} line…`
                  : `No ${chosen.name} line for this view (no price history, or the portfolio is in another currency).`
                : `Dashed: ${chosen.name} rebased to the portfolio's value at the start of ${timeframe}.`}
              {hasBench &&
                period?.benchmark_difference_pp != null &&
                ` Time-weighted return ${Number(period.twr).toFixed(2)}% vs ${chosen.name} ${Number(period.benchmark_return).toFixed(2)}%: ${Number(period.benchmark_difference_pp) > 0 ? '+' : ''}${Number(period.benchmark_difference_pp).toFixed(2)} pp.`}
            </p>
          )}
        </figure>
      )}
    </div>
  );
}
