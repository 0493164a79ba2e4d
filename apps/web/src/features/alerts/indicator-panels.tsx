import { formatDate, formatIndicatorValue, indicatorWindow, lastDays } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { useChartTimeframe } from '@/lib/market';
import { indicatorQuery } from './api/alerts-api';
import { SeriesChart } from './components/series-chart';

const rsiPeriod = 14;
const rsiTicks = [100, 70, 30, 0];

const latest = (values: readonly (number | null)[]) =>
  formatIndicatorValue(values.findLast((x) => x !== null));

/** The first and last day under an indicator chart (daily closes are UTC days). */
function DaySpan({ timestamps }: { timestamps: readonly number[] }) {
  const first = timestamps[0];
  const last = timestamps.at(-1);
  if (first === undefined || last === undefined) return null;
  return (
    <div className="mt-1 flex justify-between text-xs text-muted">
      <span>{formatDate(new Date(first), undefined, 'UTC')}</span>
      <span>{formatDate(new Date(last), undefined, 'UTC')}</span>
    </div>
  );
}

/** A legend key in the colour of its series: a stroke for a line, a block for bars. */
function Key({ className }: { className: string }) {
  return <span aria-hidden="true" className={`mr-1 inline-block w-3 align-middle ${className}`} />;
}

function Unavailable() {
  return <p className="text-sm text-muted">Not enough daily history for this coin yet.</p>;
}

/**
 * RSI(14) and MACD(12,26,9) on daily closes over the price chart's timeframe (two weeks at the
 * least), shown under the coin's chart. The days before the window are fetched as well and only
 * feed the averages, so the first point shown is the value the full history gives.
 */
export function IndicatorPanels({ coinId }: { coinId: string }) {
  const [timeframe] = useChartTimeframe(coinId);
  const { windowDays, requestDays } = indicatorWindow(timeframe);
  const rsi = useQuery(indicatorQuery(coinId, 'rsi', rsiPeriod, requestDays));
  const macd = useQuery(indicatorQuery(coinId, 'macd', null, requestDays));
  const rsiValues = lastDays(rsi.data?.values ?? [], windowDays);
  const rsiDays = lastDays(rsi.data?.timestamps ?? [], windowDays);
  const macdLine = lastDays(macd.data?.macd ?? [], windowDays);
  const signal = lastDays(macd.data?.signal ?? [], windowDays);
  const histogram = lastDays(macd.data?.histogram ?? [], windowDays);
  const macdDays = lastDays(macd.data?.timestamps ?? [], windowDays);
  const span = windowDays === null ? 'all stored daily closes' : `the last ${windowDays} daily closes`;
  const shortNote =
    timeframe === '1D' || timeframe === '1W'
      ? 'Daily indicators: the shortest window they show is the last 14 days.'
      : null;

  return (
    <div className="space-y-2">
      {shortNote && <p className="text-xs text-muted">{shortNote}</p>}
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={`RSI (${rsiPeriod})`}>
          {rsi.isLoading ? (
            <Spinner label="Loading RSI…" />
          ) : rsi.isError ? (
            <p className="text-sm text-muted">RSI could not be loaded.</p>
          ) : !rsiValues.some((v) => v !== null) ? (
            <Unavailable />
          ) : (
            <>
              <p className="mb-2 text-sm">
                Latest <span className="font-mono font-semibold">{latest(rsiValues)}</span>
                <span className="text-muted"> · 30 oversold, 70 overbought</span>
              </p>
              <SeriesChart
                label={`RSI ${rsiPeriod} over ${span}, ${timeframe}`}
                lines={[{ values: rsiValues, className: 'stroke-accent' }]}
                guides={[30, 70]}
                domain={[0, 100]}
                ticks={rsiTicks}
                formatTick={String}
              />
              <DaySpan timestamps={rsiDays} />
            </>
          )}
        </Panel>
        <Panel title="MACD (12, 26, 9)">
          {macd.isLoading ? (
            <Spinner label="Loading MACD…" />
          ) : macd.isError ? (
            <p className="text-sm text-muted">MACD could not be loaded.</p>
          ) : !macdLine.some((v) => v !== null) ? (
            <Unavailable />
          ) : (
            <>
              <p data-chart-labels="readings" className="mb-2 flex flex-wrap gap-x-3 text-sm">
                <span className="whitespace-nowrap">
                  <Key className="h-0.5 bg-accent" />
                  MACD <span className="font-mono font-semibold">{latest(macdLine)}</span>
                </span>
                <span className="whitespace-nowrap">
                  <Key className="h-0.5 bg-warning" />
                  Signal <span className="font-mono font-semibold">{latest(signal)}</span>
                </span>
                <span className="whitespace-nowrap">
                  <Key className="h-2 bg-accent/40" />
                  Histogram <span className="font-mono font-semibold">{latest(histogram)}</span>
                </span>
              </p>
              <SeriesChart
                label={`MACD, signal and histogram over ${span}, ${timeframe}`}
                lines={[
                  { values: macdLine, className: 'stroke-accent' },
                  { values: signal, className: 'stroke-warning' },
                ]}
                bars={histogram}
                guides={[0]}
              />
              <DaySpan timestamps={macdDays} />
            </>
          )}
        </Panel>
      </div>
    </div>
  );
}
