import { lazy, Suspense } from 'react';
import { Spinner } from './spinner';

export type PriceChartData =
  | { kind: 'line'; points: ReadonlyArray<readonly [number, number]> }
  | { kind: 'candles'; rows: ReadonlyArray<readonly [number, number, number, number, number]> };

export interface PriceChartProps {
  data: PriceChartData;
  /** Formats axis and crosshair prices in the base currency. */
  formatPrice: (value: number) => string;
  label: string;
  height?: number;
}

// lightweight-charts is larger than most pages' own code: it loads only when a chart is on screen.
const Canvas = lazy(() => import('./price-chart-canvas').then((m) => ({ default: m.PriceChartCanvas })));

export function PriceChart(props: PriceChartProps) {
  const height = props.height ?? 320;
  return (
    <Suspense
      fallback={
        <div style={{ height }} className="flex items-center justify-center">
          <Spinner label="Loading chart…" />
        </div>
      }
    >
      <Canvas {...props} height={height} />
    </Suspense>
  );
}
