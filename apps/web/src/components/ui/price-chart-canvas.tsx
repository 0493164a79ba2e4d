import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  type IChartApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { PriceChartProps } from './price-chart';

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

const toTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

/** Keeps one point per timestamp, ascending: the chart library refuses anything else. */
function uniqueAscending<T extends readonly number[]>(rows: ReadonlyArray<T>): T[] {
  const byTime = new Map<number, T>();
  for (const row of rows) byTime.set(toTime(row[0] ?? 0), row);
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
}

/** The lightweight-charts canvas; loaded lazily through PriceChart. */
export function PriceChartCanvas({ data, formatPrice, label, height = 320 }: PriceChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const format = useRef(formatPrice);
  format.current = formatPrice;

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const fg = cssVar('--muted', '#9aa4b8');
    const line = cssVar('--border', '#263044');
    const chart = createChart(el, {
      height,
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: fg,
        attributionLogo: false,
      },
      grid: { vertLines: { color: line }, horzLines: { color: line } },
      rightPriceScale: { borderColor: line },
      // The edges fixed to the first and last point: the library then shifts the first and last
      // time labels inside the axis, as ValueChart anchors its own (left, right); centred on the
      // first or last point they lost half their text at 390 px.
      timeScale: { borderColor: line, timeVisible: true, fixLeftEdge: true, fixRightEdge: true },
      localization: { priceFormatter: (v: number) => format.current(v) },
    });
    chartRef.current = chart;
    return () => {
      chart.remove();
      chartRef.current = null;
    };
  }, [height]);

  // A new formatter (base currency or privacy mode changed) redraws the axis and crosshair labels.
  useEffect(() => {
    chartRef.current?.applyOptions({ localization: { priceFormatter: (v: number) => formatPrice(v) } });
  }, [formatPrice]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    // On unmount the chart effect's cleanup has already removed the chart with its series.
    const detach = (series: Parameters<IChartApi['removeSeries']>[0]) => {
      if (chartRef.current === chart) chart.removeSeries(series);
    };
    const up = cssVar('--accent', '#34d399');
    const down = cssVar('--danger', '#f87171');
    if (data.kind === 'candles') {
      const series = chart.addSeries(CandlestickSeries, {
        upColor: up,
        downColor: down,
        borderUpColor: up,
        borderDownColor: down,
        wickUpColor: up,
        wickDownColor: down,
      });
      series.setData(
        uniqueAscending(data.rows).map(([t, open, high, low, close]) => ({
          time: toTime(t),
          open,
          high,
          low,
          close,
        })),
      );
      chart.timeScale().fitContent();
      return () => detach(series);
    }
    const first = data.points[0]?.[1] ?? 0;
    const last = data.points.at(-1)?.[1] ?? 0;
    const colour = last >= first ? up : down;
    const series = chart.addSeries(AreaSeries, {
      lineColor: colour,
      topColor: `${colour}55`,
      bottomColor: `${colour}05`,
      lineWidth: 2,
    });
    series.setData(uniqueAscending(data.points).map(([t, value]) => ({ time: toTime(t), value })));
    chart.timeScale().fitContent();
    return () => detach(series);
  }, [data]);

  return <div ref={container} role="img" aria-label={label} style={{ height }} className="w-full" />;
}
