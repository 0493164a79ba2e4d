import { formatDate } from '@app/core';
import { useId } from 'react';
import type { MoneyFormatter } from '@/lib/settings';
import { useChartCrosshair } from './use-chart-crosshair';
import { axisMoney, niceTicks } from './value-chart-axis';
import { ValueChartLegend } from './value-chart-legend';
import { ValueChartTooltip } from './value-chart-tooltip';

const width = 600;
const height = 200;
const pad = 6;

export interface ValueChartSeries {
  label: string;
  /** Same length as `times`; null where the series has no value. */
  values: readonly (number | null)[];
  /** Tailwind stroke class; dashed for comparison lines. */
  stroke: string;
  dashed?: boolean;
  /** Area under the line (the main series only). */
  fill?: string;
}

export { axisMoney, niceTicks } from './value-chart-axis';

/**
 * A line chart of amounts over time with a y axis of amounts, an x axis of dates (the first label
 * anchored left and the last right, so neither is clipped at any width), a legend, and a crosshair
 * whose tooltip follows the pointer or the arrow keys. Labels are HTML, not SVG text, so the SVG
 * can stretch to the width without distorting them.
 */
export function ValueChart({
  times,
  series,
  money,
  currency,
  label,
}: {
  times: readonly number[];
  series: readonly ValueChartSeries[];
  money: MoneyFormatter;
  currency: string;
  /** The chart's accessible name (a sentence with its first and last value). */
  label: string;
}) {
  const { active, setActive, pick, onKey } = useChartCrosshair(times);
  const tooltipId = useId();
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const ticks = niceTicks(lo, hi);
  const min = Math.min(lo, ticks[0] ?? lo);
  const max = Math.max(hi, ticks[ticks.length - 1] ?? hi);
  const span = max - min || 1;
  const t0 = times[0] ?? 0;
  const t1 = times[times.length - 1] ?? 1;
  const xOf = (t: number) => ((t - t0) / (t1 - t0 || 1)) * width;
  const yOf = (v: number) => height - pad - ((v - min) / span) * (height - 2 * pad);
  const pct = (t: number) => (xOf(t) / width) * 100;

  const pathOf = (values: readonly (number | null)[]) =>
    values
      .map((v, i) => (v === null ? null : `${xOf(times[i] ?? t0).toFixed(1)},${yOf(v).toFixed(1)}`))
      .filter((p): p is string => p !== null)
      .join(' ');

  const xTicks = [...new Set([0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(f * (times.length - 1))))];
  const dayOnly = t1 - t0 > 2 * 86_400_000;
  const dateText = (t: number) =>
    dayOnly
      ? formatDate(new Date(t))
      : new Date(t).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric' });

  const at = active === null ? null : (times[active] ?? null);

  return (
    // data-chart / data-axis: the e2e check that no axis label is clipped or overlaps finds them here.
    <div data-chart>
      <ValueChartLegend series={series} />
      <div className="flex gap-2">
        <div
          aria-hidden="true"
          data-axis="y"
          className="relative h-48 w-12 shrink-0 text-right text-[11px] text-muted"
        >
          {ticks.map((v) => (
            <span
              key={v}
              className="absolute right-0 -translate-y-1/2 whitespace-nowrap"
              style={{ top: `${(yOf(v) / height) * 100}%` }}
            >
              {axisMoney(v, currency)}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <div
            role="img"
            aria-label={label}
            aria-describedby={at === null ? undefined : tooltipId}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users move the crosshair with the arrow keys
            tabIndex={0}
            className="relative h-48 touch-none rounded outline-none focus-visible:ring-2 focus-visible:ring-accent"
            onPointerMove={pick}
            onPointerDown={pick}
            onPointerLeave={() => setActive(null)}
            onKeyDown={onKey}
            onBlur={() => setActive(null)}
          >
            <svg
              viewBox={`0 0 ${width} ${height}`}
              className="h-full w-full"
              preserveAspectRatio="none"
              aria-hidden="true"
            >
              {ticks.map((v) => (
                <line
                  key={v}
                  x1="0"
                  x2={width}
                  y1={yOf(v)}
                  y2={yOf(v)}
                  strokeWidth="1"
                  vectorEffect="non-scaling-stroke"
                  className="stroke-line"
                />
              ))}
              {series.map((s) => {
                const path = pathOf(s.values);
                return (
                  <g key={s.label}>
                    {s.fill && (
                      <polyline
                        points={`0,${height} ${path} ${width},${height}`}
                        className={s.fill}
                        stroke="none"
                      />
                    )}
                    <polyline
                      points={path}
                      fill="none"
                      strokeWidth="2"
                      strokeDasharray={s.dashed ? '4 3' : undefined}
                      vectorEffect="non-scaling-stroke"
                      className={s.stroke}
                    />
                  </g>
                );
              })}
              {at !== null && (
                <line
                  x1={xOf(at)}
                  x2={xOf(at)}
                  y1="0"
                  y2={height}
                  strokeWidth="1"
                  vectorEffect="non-scaling-stroke"
                  className="stroke-muted"
                />
              )}
            </svg>
            {at !== null && active !== null && (
              <ValueChartTooltip
                id={tooltipId}
                series={series}
                index={active}
                dateLabel={dateText(at)}
                atPercent={pct(at)}
                money={money}
              />
            )}
          </div>
          <div aria-hidden="true" data-axis="x" className="relative mt-1 h-4 text-[11px] text-muted">
            {xTicks.map((i, k) => {
              const t = times[i] ?? t0;
              const style =
                k === 0
                  ? { left: 0 }
                  : k === xTicks.length - 1
                    ? { right: 0 }
                    : { left: `${pct(t)}%`, transform: 'translateX(-50%)' };
              return (
                <span
                  key={t}
                  className={
                    k % 2 === 1 ? 'absolute hidden whitespace-nowrap sm:inline' : 'absolute whitespace-nowrap'
                  }
                  style={style}
                >
                  {dateText(t)}
                </span>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
