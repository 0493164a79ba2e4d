import type { ValueChartSeries } from './value-chart';

/** The chart's legend: each series' line, dashed or solid, and its name. */
export function ValueChartLegend({ series }: { series: readonly ValueChartSeries[] }) {
  return (
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
  );
}
