import { memo } from 'react';

interface SparklineProps {
  points: readonly number[] | undefined;
  width?: number;
  height?: number;
  /** Accessible summary, e.g. "7-day price trend: up". */
  label?: string;
}

/** A tiny inline SVG trend line; green when the period ends higher than it started. */
export const Sparkline = memo(function Sparkline({
  points,
  width = 112,
  height = 32,
  label,
}: SparklineProps) {
  if (!points || points.length < 2) return <span className="text-xs text-muted">–</span>;
  // Thin the series to about one point per pixel; more adds nothing at this size.
  const step = Math.max(1, Math.floor(points.length / width));
  const sampled = points.filter((_, i) => i % step === 0 || i === points.length - 1);
  const min = Math.min(...sampled);
  const max = Math.max(...sampled);
  const span = max - min || 1;
  const d = sampled
    .map((p, i) => {
      const x = (i / (sampled.length - 1)) * width;
      const y = height - 2 - ((p - min) / span) * (height - 4);
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join('');
  const up = (points.at(-1) ?? 0) >= (points[0] ?? 0);
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={d} fill="none" strokeWidth="1.5" className={up ? 'stroke-accent' : 'stroke-danger'} />
    </svg>
  );
});
