import { cn } from '@/lib/cn';
import { privateMarker } from '@/lib/privacy';

export interface Bar {
  key: string;
  label: string;
  value: number;
  display: string;
  note?: string | undefined;
}

/** Horizontal bars; negative values grow left in the negative colour. */
export function HorizontalBars({ bars, label }: { bars: readonly Bar[]; label: string }) {
  const max = Math.max(...bars.map((b) => Math.abs(b.value)), 0) || 1;
  const hasNegative = bars.some((b) => b.value < 0);
  return (
    <ul aria-label={label} className="grid gap-2">
      {bars.map((b) => {
        const width = `${(Math.abs(b.value) / max) * (hasNegative ? 50 : 100)}%`;
        return (
          <li
            key={b.key}
            className="grid grid-cols-[6rem_1fr_auto] items-center gap-2 text-sm sm:grid-cols-[8rem_1fr_auto]"
          >
            <span className="truncate">{b.label}</span>
            <span className="relative h-3 rounded bg-surface-2" aria-hidden="true">
              <span
                className={cn('absolute top-0 h-3 rounded', b.value < 0 ? 'bg-danger' : 'bg-accent')}
                style={
                  hasNegative
                    ? b.value < 0
                      ? { right: '50%', width }
                      : { left: '50%', width }
                    : { left: 0, width }
                }
              />
            </span>
            <span
              className={cn(
                'tabular-nums',
                b.value < 0 && 'text-danger',
                b.value > 0 && hasNegative && 'text-accent',
              )}
            >
              <span {...privateMarker}>{b.display}</span>
              {b.note && <span className="ml-1 text-xs text-muted">{b.note}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export interface ColumnGroup {
  key: string;
  label: string;
  columns: { series: string; value: number | null; display: string; className: string }[];
}

/** Vertical grouped bars (cost basis: costBasisPerCoin, currentPrice, athPrice). Each coin is its own scale. */
export function VerticalBars({
  groups,
  label,
  legend,
}: {
  groups: readonly ColumnGroup[];
  label: string;
  legend: readonly { label: string; className: string }[];
}) {
  return (
    <>
      <ul
        aria-label="Legend"
        data-chart-labels="legend"
        className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted"
      >
        {legend.map((l) => (
          <li key={l.label} className="flex items-center gap-1.5 whitespace-nowrap">
            <span aria-hidden="true" className={cn('size-2.5 rounded-sm', l.className)} />
            {l.label}
          </li>
        ))}
      </ul>
      <p className="mb-2 text-xs text-muted">
        Each coin is drawn on its own scale; hover a bar for its value.
      </p>
      {/* data-chart: the end-to-end check that no chart label wraps or overlaps another reads these. */}
      <ul aria-label={label} data-chart className="relative flex gap-4 overflow-x-auto pb-2">
        {groups.map((g) => {
          const max = Math.max(...g.columns.map((c) => c.value ?? 0), 0) || 1;
          return (
            <li key={g.key} className="flex min-w-24 shrink-0 flex-col items-center gap-1">
              <div className="flex h-40 items-end gap-1">
                {g.columns.map((c) => (
                  <div
                    key={c.series}
                    title={`${c.series}: ${c.display}`}
                    className={cn('w-5 rounded-t', c.className)}
                    style={{ height: `${((c.value ?? 0) / max) * 100}%` }}
                  />
                ))}
              </div>
              <span className="text-sm font-medium">{g.label}</span>
              {/* One line per figure: a series name never breaks ("Current / Price:") however narrow. */}
              <dl data-chart-labels="figures" className="text-xs text-muted">
                {g.columns.map((c) => (
                  <div key={c.series} className="flex gap-1 whitespace-nowrap">
                    <dt>{c.series}:</dt>
                    <dd className="tabular-nums" {...privateMarker}>
                      {c.display}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}
