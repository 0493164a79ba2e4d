import { formatAlertNumber, formatDate } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { indicatorQuery } from './api/alerts-api';
import { SeriesChart } from './components/series-chart';

const days = 180;
const rsiPeriod = 14;

const latest = (values: readonly (number | null)[] | undefined) => {
  const v = values?.findLast((x) => x !== null);
  return v === undefined || v === null ? '—' : formatAlertNumber(v);
};

/** The first and last day under an indicator chart (daily closes are UTC days): its line has no time axis. */
function DaySpan({ timestamps }: { timestamps: readonly number[] | undefined }) {
  const first = timestamps?.[0];
  const last = timestamps?.at(-1);
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

/** RSI(14) and MACD(12,26,9) on the last 180 daily closes, shown under the coin's chart. */
export function IndicatorPanels({ coinId }: { coinId: string }) {
  const rsi = useQuery(indicatorQuery(coinId, 'rsi', rsiPeriod, days));
  const macd = useQuery(indicatorQuery(coinId, 'macd', null, days));
  const rsiHas = rsi.data?.values?.some((v) => v !== null) ?? false;
  const macdHas = macd.data?.macd?.some((v) => v !== null) ?? false;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title={`RSI (${rsiPeriod})`}>
        {rsi.isLoading ? (
          <Spinner label="Loading RSI…" />
        ) : rsi.isError ? (
          <p className="text-sm text-muted">RSI could not be loaded.</p>
        ) : !rsiHas ? (
          <Unavailable />
        ) : (
          <>
            <p className="mb-2 text-sm">
              Latest <span className="font-mono font-semibold">{latest(rsi.data?.values)}</span>
              <span className="text-muted"> · 30 oversold, 70 overbought</span>
            </p>
            <SeriesChart
              label={`RSI ${rsiPeriod} over the last ${days} days`}
              lines={[{ values: rsi.data?.values ?? [], className: 'stroke-accent' }]}
              guides={[30, 70]}
              domain={[0, 100]}
            />
            <DaySpan timestamps={rsi.data?.timestamps} />
          </>
        )}
      </Panel>
      <Panel title="MACD (12, 26, 9)">
        {macd.isLoading ? (
          <Spinner label="Loading MACD…" />
        ) : macd.isError ? (
          <p className="text-sm text-muted">MACD could not be loaded.</p>
        ) : !macdHas ? (
          <Unavailable />
        ) : (
          <>
            <p className="mb-2 flex flex-wrap gap-x-3 text-sm">
              <span>
                <Key className="h-0.5 bg-accent" />
                MACD <span className="font-mono font-semibold">{latest(macd.data?.macd)}</span>
              </span>
              <span>
                <Key className="h-0.5 bg-warning" />
                Signal <span className="font-mono font-semibold">{latest(macd.data?.signal)}</span>
              </span>
              <span>
                <Key className="h-2 bg-accent/40" />
                Histogram <span className="font-mono font-semibold">{latest(macd.data?.histogram)}</span>
              </span>
            </p>
            <SeriesChart
              label={`MACD, signal and histogram over the last ${days} days`}
              lines={[
                { values: macd.data?.macd ?? [], className: 'stroke-accent' },
                { values: macd.data?.signal ?? [], className: 'stroke-warning' },
              ]}
              bars={macd.data?.histogram ?? []}
              guides={[0]}
            />
            <DaySpan timestamps={macd.data?.timestamps} />
          </>
        )}
      </Panel>
    </div>
  );
}
