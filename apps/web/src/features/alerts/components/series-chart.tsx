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
  height?: number;
}

const width = 600;

/** A small dependency-free SVG chart: indicator panels need lines and bars, not a chart library. */
export function SeriesChart({ label, lines, bars, guides = [], domain, height = 120 }: SeriesChartProps) {
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
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      className="h-32 w-full"
    >
      {guides.map((g) => (
        <line
          key={g}
          x1={0}
          x2={width}
          y1={y(g)}
          y2={y(g)}
          className="stroke-line"
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
  );
}
