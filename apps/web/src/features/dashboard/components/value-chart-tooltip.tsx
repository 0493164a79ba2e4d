import { Private } from '@/components/ui/private-value';
import type { MoneyFormatter } from '@/lib/settings';
import type { ValueChartSeries } from './value-chart';

/** The crosshair's tooltip: the point's date and every series' amount there. */
export function ValueChartTooltip({
  id,
  series,
  index,
  dateLabel,
  atPercent,
  money,
}: {
  id: string;
  series: readonly ValueChartSeries[];
  /** The point under the crosshair. */
  index: number;
  dateLabel: string;
  /** How far across the chart the point is, 0 to 100: the tooltip keeps to the side with room. */
  atPercent: number;
  money: MoneyFormatter;
}) {
  return (
    <div
      id={id}
      role="tooltip"
      className="pointer-events-none absolute top-1 z-10 min-w-36 rounded-md border border-line bg-surface-2 px-2 py-1.5 text-xs shadow-lg"
      style={atPercent > 55 ? { right: `${100 - atPercent + 1}%` } : { left: `${atPercent + 1}%` }}
    >
      <p className="mb-1 font-medium">{dateLabel}</p>
      {series.map((s) => {
        const v = s.values[index];
        return v === null || v === undefined ? null : (
          <p key={s.label} className="flex justify-between gap-3">
            <span className="text-muted">{s.label}</span>
            <Private>{money(v)}</Private>
          </p>
        );
      })}
    </div>
  );
}
