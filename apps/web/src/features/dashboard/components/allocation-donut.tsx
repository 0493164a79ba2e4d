import { formatSignedPercent } from '@app/core';

export interface Slice {
  key: string;
  label: string;
  /** Share of the total, 0–100. */
  percent: number;
}

const palette = ['#34d399', '#60a5fa', '#fbbf24', '#f472b6', '#a78bfa', '#f87171', '#2dd4bf', '#fb923c'];
export const sliceColour = (i: number) => palette[i % palette.length] ?? '#9aa4b8';

/** Allocation by value as a donut; the legend carries the percentages (never amounts, so privacy mode has nothing to hide). */
export function AllocationDonut({ slices, label }: { slices: readonly Slice[]; label: string }) {
  const r = 15.9155; // circumference 100, so a slice's dash length is its percentage
  let offset = 25; // start at 12 o'clock
  const described = slices.map((s) => `${s.label} ${s.percent.toFixed(1)}%`).join(', ');
  return (
    <figure className="flex flex-wrap items-center gap-4">
      <svg viewBox="0 0 42 42" className="size-36 shrink-0" role="img" aria-label={`${label}: ${described}`}>
        <circle cx="21" cy="21" r={r} fill="none" stroke="var(--surface-2)" strokeWidth="6" />
        {slices.map((s, i) => {
          const dash = `${Math.max(0, s.percent)} ${100 - Math.max(0, s.percent)}`;
          const circle = (
            <circle
              key={s.key}
              cx="21"
              cy="21"
              r={r}
              fill="none"
              stroke={sliceColour(i)}
              strokeWidth="6"
              strokeDasharray={dash}
              strokeDashoffset={offset}
            >
              <title>{`${s.label}: ${s.percent.toFixed(1)}%`}</title>
            </circle>
          );
          offset -= s.percent;
          return circle;
        })}
      </svg>
      <figcaption className="grid min-w-0 flex-1 gap-1 text-sm">
        {slices.map((s, i) => (
          <span key={s.key} className="flex items-center justify-between gap-2">
            <span className="flex min-w-0 items-center gap-2">
              <span
                aria-hidden="true"
                className="size-2.5 shrink-0 rounded-sm"
                style={{ background: sliceColour(i) }}
              />
              <span className="truncate">{s.label}</span>
            </span>
            <span className="tabular-nums text-muted">
              {formatSignedPercent(s.percent, 1).replace('+', '')}
            </span>
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
