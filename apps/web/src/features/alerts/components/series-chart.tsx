import { formatIndicatorValue } from '@app/core';

interface Line {
  values: readonly (number | null)[];
  className: string;
}

interface SeriesChartProps {
  label: string;
  lines: Line[];
  bars?: readonly (number | null)[];
  /** Horizontal guides, e.g. RSI 30 and 70, or MACD's zero. */
  guides?: number[];
  domain?: [number, number];
  /** Values labelled on the y axis; by default the top, zero when it is in view, and the bottom. */
  ticks?: number[];
  /** How a tick prints: two decimals unless the scale is whole numbers (RSI's 0 to 100). */
  formatTick?: (value: number) => string;
  height?: number;
}

const width = 600;
/** Ticks closer than this share of the axis would print over each other in the 128 px panel. */
const minTickGap = 0.15;

/** The top, zero (when inside and clear of both ends) and the bottom of a free scale. */
function defaultTicks(lo: number, hi: number): number[] {
  const span = hi - lo || 1;
  const ticks = [hi];
  if (lo < 0 && hi > 0 && hi / span > minTickGap && -lo / span > minTickGap) ticks.push(0);
  if (hi !== lo) ticks.push(lo);
  return ticks;
}

/**
 * A small dependency-free SVG chart with a y axis: indicator panels need lines and bars, not a
 * chart library. Axis labels are HTML beside the SVG, so the SVG can stretch to the panel's width
 * without distorting them.
 */
export function SeriesChart({
  label,
  lines,
  bars,
  guides = [],
  domain,
  ticks,
  formatTick = formatIndicatorValue,
  height = 120,
}: SeriesChartProps) {
  const all = [...lines.flatMap((l) => l.values), ...(bars ?? []), ...guides].filter(
    (v): v is number => v !== null && Number.isFinite(v),
  );
  const [lo, hi] = domain ?? [Math.min(...all), Math.max(...all)];
  const span = hi - lo || 1;
  const n = Math.max(1, ...lines.map((l) => l.values.length), bars?.length ?? 0);
  const x = (i: number) => (n === 1 ? width / 2 : (i / (n - 1)) * width);
  const y = (v: number) => height - ((v - lo) / span) * height;
  const path = (values: readonly (number | null)[]) => {
    let d = '';
    let pen = false;
    values.forEach((v, i) => {
      if (v === null) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    });
    return d;
  };
  const barWidth = Math.max(1, width / n - 1);
  const axis = ticks ?? defaultTicks(lo, hi);
  return (
    // data-chart / data-axis: the end-to-end check that no axis label is clipped or overlaps finds them.
    <div role="img" aria-label={label} data-chart className="flex gap-2">
      <div
        aria-hidden="true"
        data-axis="y"
        className="relative my-2 h-32 w-14 shrink-0 text-[11px] text-muted"
      >
        {axis.map((v) => (
          <span
            key={v}
            className="absolute right-0 -translate-y-1/2 whitespace-nowrap tabular-nums"
            style={{ top: `${(y(v) / height) * 100}%` }}
          >
            {formatTick(v)}
          </span>
        ))}
      </div>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="my-2 h-32 min-w-0 flex-1 overflow-visible"
      >
        {guides.map((g) => (
          <line
            key={g}
            data-guide={g}
            x1={0}
            x2={width}
            y1={y(g)}
            y2={y(g)}
            className="stroke-muted"
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {bars?.map((v, i) =>
          v === null ? null : (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: bars are positional by day
              key={i}
              x={x(i) - barWidth / 2}
              width={barWidth}
              y={Math.min(y(v), y(0))}
              height={Math.abs(y(v) - y(0))}
              className={v >= 0 ? 'fill-accent/40' : 'fill-danger/50'}
            />
          ),
        )}
        {lines.map((l) => (
          <path
            key={l.className}
            d={path(l.values)}
            fill="none"
            className={l.className}
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
    </div>
  );
}
