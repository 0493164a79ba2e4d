import { formatDate } from '@app/core';
import { type KeyboardEvent, type PointerEvent, useId, useState } from 'react';
import { Private } from '@/components/ui/private-value';
import { maskIfPrivate } from '@/lib/privacy';
import type { MoneyFormatter } from '@/lib/settings';

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

/** "$12K", "€1.2M": short amounts for an axis, masked in privacy mode like every amount. */
export function axisMoney(value: number, currency: string): string {
  try {
    return maskIfPrivate(
      new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency: currency.toUpperCase(),
        notation: 'compact',
        maximumFractionDigits: Math.abs(value) < 10 ? 2 : 1,
      }).format(value),
    );
  } catch {
    return maskIfPrivate(`${value.toPrecision(3)} ${currency.toUpperCase()}`);
  }
}

const stepMultiples = [1, 2, 5, 10, 20, 50];

/**
 * Three to six round values (1, 2 or 5 × a power of ten apart) from at or below min to at or above
 * max: the axis then covers the data, and its top label is never under the line's peak. A step is
 * widened while covering both ends would take more than count + 1 intervals.
 */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!(max > min)) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  // The tolerance keeps float noise (0.3 / 0.1 = 2.9999999999999996) from adding a whole step.
  const slack = 1e-9;
  let step = power;
  let first = 0;
  let intervals = 0;
  for (const m of stepMultiples) {
    step = m * power;
    if (step < raw) continue;
    first = Math.floor(min / step + slack);
    intervals = Math.ceil(max / step - slack) - first;
    if (intervals <= count + 1) break;
  }
  const ticks: number[] = [];
  for (let i = 0; i <= intervals; i++) ticks.push(Number(((first + i) * step).toPrecision(12)));
  return ticks;
}

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
  const [active, setActive] = useState<number | null>(null);
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

  const pick = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const f = Math.min(1, Math.max(0, (e.clientX - box.left) / (box.width || 1)));
    const t = t0 + f * (t1 - t0);
    let best = 0;
    for (let i = 1; i < times.length; i++)
      if (Math.abs((times[i] ?? 0) - t) < Math.abs((times[best] ?? 0) - t)) best = i;
    setActive(best);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = times.length - 1;
    const next =
      e.key === 'ArrowLeft'
        ? Math.max(0, (active ?? last) - 1)
        : e.key === 'ArrowRight'
          ? Math.min(last, (active ?? -1) + 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : e.key === 'Escape'
                ? null
                : undefined;
    if (next === undefined) return;
    e.preventDefault();
    setActive(next);
  };
  const at = active === null ? null : (times[active] ?? null);

  return (
    // data-chart / data-axis: the e2e check that no axis label is clipped or overlaps finds them here.
    <div data-chart>
      <ul
        aria-label="Legend"
        data-chart-labels="legend"
        className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted"
      >
        {series.map((s) => (
          <li key={s.label} className="flex items-center gap-1.5 whitespace-nowrap">
            <svg aria-hidden="true" width="18" height="6" className="overflow-visible">
              <line
                x1="0"
                y1="3"
                x2="18"
                y2="3"
                strokeWidth="2"
                strokeDasharray={s.dashed ? '4 3' : undefined}
                className={s.stroke}
              />
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
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
              <div
                id={tooltipId}
                role="tooltip"
                className="pointer-events-none absolute top-1 z-10 min-w-36 rounded-md border border-line bg-surface-2 px-2 py-1.5 text-xs shadow-lg"
                style={pct(at) > 55 ? { right: `${100 - pct(at) + 1}%` } : { left: `${pct(at) + 1}%` }}
              >
                <p className="mb-1 font-medium">{dateText(at)}</p>
                {series.map((s) => {
                  const v = s.values[active];
                  return v === null || v === undefined ? null : (
                    <p key={s.label} className="flex justify-between gap-3">
                      <span className="text-muted">{s.label}</span>
                      <Private>{money(v)}</Private>
                    </p>
                  );
                })}
              </div>
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
