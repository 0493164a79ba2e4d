import type { PriceChartProps } from '@/components/ui/price-chart';

/**
 * happy-dom has no canvas 2D context, so lightweight-charts cannot draw here (the e2e journeys
 * cover the real canvas in Chromium). This stand-in keeps PriceChart's contract visible to
 * tests: the accessible label, how many points or candles arrived, and the first and last
 * prices through the page's own formatter.
 */
export function PriceChartCanvasStandIn({ data, formatPrice, label, height }: PriceChartProps) {
  const values =
    data.kind === 'line' ? data.points.map(([, v]) => v) : data.rows.map(([, , , , close]) => close);
  return (
    <div role="img" aria-label={label} style={{ height }} data-kind={data.kind} data-count={values.length}>
      {values.length > 0 && `${formatPrice(values[0] ?? 0)} → ${formatPrice(values.at(-1) ?? 0)}`}
    </div>
  );
}
