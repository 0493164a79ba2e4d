import { returnDefinitions } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, Td, Th } from '@/components/ui/table';
import { formatCalendarDay } from '@/lib/calendar-day';
import { useMoneyIn } from '@/lib/settings';
import { returnsQuery } from '@/lib/tax/tax-api';

import type { Benchmark } from './benchmark';
import { BenchmarkPicker } from './benchmark-picker';
import { ReturnDefinitions } from './return-definitions';
import { Pct, pp } from './return-figures';
import { ReturnsExplanation } from './returns-explanation';

const periods = ['1M', '3M', 'YTD', '1Y', 'ALL'] as const;

/**
 * Time-weighted, money-weighted and simple returns per period next to a benchmark,
 * each with its one-sentence definition and the cash flows behind it.
 */
export function ReturnsPanel({
  portfolioId,
  benchmark: chosen,
  onBenchmark,
}: {
  portfolioId: string;
  /** Shared with the performance chart, so both compare with the same coin. */
  benchmark: Benchmark;
  onBenchmark: (b: Benchmark) => void;
}) {
  const [explain, setExplain] = useState<(typeof periods)[number] | null>(null);
  const benchmark = chosen.id;
  const benchName = chosen.name;
  // The previous figures stay while another benchmark or explanation loads (no flash, focus kept).
  const { data, isPending, isError } = useQuery({
    ...returnsQuery(portfolioId, benchmark, explain, null),
    placeholderData: keepPreviousData,
  });
  const moneyIn = useMoneyIn();
  if (isPending) return <Spinner label="Loading returns" />;
  if (isError || !data) return <p className="text-sm text-danger">Returns could not be loaded.</p>;
  if (data.periods.length === 0) return <p className="text-sm text-muted">No transactions yet.</p>;
  const money = (v: string) => moneyIn(v, data.currency);
  const explainButton = (period: (typeof periods)[number]) => (
    <Button
      variant="unstyled"
      className="text-xs text-accent underline"
      aria-expanded={explain === period}
      aria-label={`Explain ${period} returns`}
      onClick={() => setExplain(explain === period ? null : period)}
    >
      Explain
    </Button>
  );
  return (
    <div className="text-sm">
      <BenchmarkPicker value={chosen} onChange={onBenchmark} className="mb-2" />
      <Table
        caption="Returns per period"
        // From sm up; a phone gets one card per period below, so no figure is cut off.
        className="hidden sm:block"
        tableClassName="min-w-[480px]"
        head={
          <>
            <Th density="custom" className="py-1">
              Period
            </Th>
            <Th density="custom" title={returnDefinitions.simple}>
              Simple
            </Th>
            <Th density="custom" title={returnDefinitions.twr}>
              TWR
            </Th>
            <Th density="custom" title={returnDefinitions.mwr}>
              MWR
            </Th>
            <Th density="custom">{benchName}</Th>
            <Th density="custom">vs {benchName}</Th>
            <Th density="custom">
              <span className="sr-only">Explain</span>
            </Th>
          </>
        }
      >
        {data.periods.map((p) => (
          <tr key={p.period} className="border-t border-line">
            <th
              scope="row"
              className="py-1 text-left font-medium"
              title={`${formatCalendarDay(p.start_date)} to ${formatCalendarDay(p.end_date)}`}
            >
              {p.period}
            </th>
            <Td density="custom">
              <Pct value={p.simple_return} />
            </Td>
            <Td density="custom">
              <Pct value={p.twr} />
            </Td>
            <Td density="custom">
              <Pct value={p.mwr} />
            </Td>
            <Td density="custom">
              <Pct value={p.benchmark_return} />
            </Td>
            <Td density="custom">{pp(p.benchmark_difference_pp)}</Td>
            <Td density="custom">{explainButton(p.period)}</Td>
          </tr>
        ))}
      </Table>
      <ul aria-label="Returns per period" className="grid gap-2 sm:hidden">
        {data.periods.map((p) => (
          <li key={p.period} className="rounded-lg border border-line p-2">
            <div className="flex items-center justify-between gap-2">
              <span
                className="font-medium"
                title={`${formatCalendarDay(p.start_date)} to ${formatCalendarDay(p.end_date)}`}
              >
                {p.period}
              </span>
              {explainButton(p.period)}
            </div>
            <dl className="mt-1 grid grid-cols-3 gap-x-2 gap-y-1 text-xs">
              {(
                [
                  ['Simple', <Pct key="s" value={p.simple_return} />],
                  ['TWR', <Pct key="t" value={p.twr} />],
                  ['MWR', <Pct key="m" value={p.mwr} />],
                  [benchName, <Pct key="b" value={p.benchmark_return} />],
                  [`vs ${benchName}`, pp(p.benchmark_difference_pp)],
                ] as const
              ).map(([term, value]) => (
                <div key={term} className="min-w-0">
                  <dt className="truncate text-muted">{term}</dt>
                  <dd className="tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <ReturnDefinitions />
      {data.cash_held !== null && (
        <p className="mt-2 text-xs text-muted">
          Values include {money(data.cash_held)} held as cash on exchanges; money deposited there and
          withdrawn is what counts as paid in and out.
        </p>
      )}
      {data.coins_without_history.length > 0 && (
        <p className="mt-2 text-xs text-muted">
          No price history for {data.coins_without_history.join(', ')}: left out of the values.
        </p>
      )}
      {data.explain && <ReturnsExplanation explain={data.explain} periods={data.periods} money={money} />}
      <p className="mt-2 text-xs">
        <Link
          to={`/tax${portfolioId === 'all' ? '' : `?portfolio=${portfolioId}`}`}
          className="text-accent underline"
        >
          Tax lots and realized gains
        </Link>
      </p>
    </div>
  );
}
