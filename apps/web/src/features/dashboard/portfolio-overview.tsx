import type { DashboardResponse } from '@app/contracts';
import { formatSignedPercent } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CoinNameCell } from '@/components/ui/coin-name-cell';
import { EmptyState } from '@/components/ui/empty-state';
import { Panel } from '@/components/ui/panel';
import { PriceSourceNote } from '@/components/ui/price-source-note';
import { Private } from '@/components/ui/private-value';
import { Spinner } from '@/components/ui/spinner';
import { Table, Td, Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useQuantityFormatter } from '@/lib/quantity';
import { type MoneyFormatter, useMoneyFormatter } from '@/lib/settings';
import { dashboardQuery } from './api/dashboard-api';
import { AllocationDonut } from './components/allocation-donut';
import { PerformanceChart } from './components/performance-chart';
import { SummaryCards } from './components/summary-cards';
import type { Timeframe } from './dashboard-selection';

type Position = NonNullable<DashboardResponse['positions']>['items'][number];

const tone = (v: string) => cn(Number(v) > 0 && 'text-accent', Number(v) < 0 && 'text-danger');

/** One portfolio's figures: summary, holdings with icons and P&L, allocation, value over time. */
export function PortfolioOverview({ portfolioId }: { portfolioId: string }) {
  const money = useMoneyFormatter();
  const dashboard = useQuery(dashboardQuery(portfolioId));
  const [timeframe, setTimeframe] = useState<Timeframe>('1M');
  if (dashboard.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading holdings" />
      </div>
    );
  if (dashboard.isError) return <EmptyState title="Holdings could not be loaded" />;
  const data = dashboard.data;
  const positions = (data.positions?.items ?? []).filter((p) => Number(p.quantity) !== 0);
  const allocation = (data.holdings?.items ?? [])
    .filter((h) => h.allocationPercentage !== null && Number(h.allocationPercentage) > 0)
    .map((h) => ({ key: h.coin_id, label: h.symbol.toUpperCase(), percent: Number(h.allocationPercentage) }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="Summary">
        <SummaryCards summary={data.portfolio_summary} money={money} />
      </Panel>
      <Panel title="Allocation">
        {allocation.length === 0 ? (
          <p className="text-sm text-muted">Nothing held yet.</p>
        ) : (
          <AllocationDonut slices={allocation} label="Allocation by value" />
        )}
      </Panel>
      <div className="min-w-0 lg:col-span-2">
        <Panel title="Holdings">
          {positions.length === 0 ? (
            <p className="text-sm text-muted">No holdings: add a transaction or import a CSV.</p>
          ) : (
            <>
              <HoldingsTable positions={positions} money={money} />
              <HoldingsCards positions={positions} money={money} />
            </>
          )}
        </Panel>
      </div>
      <div className="min-w-0 lg:col-span-2">
        <Panel title="Value over time">
          <PerformanceChart
            portfolioId={portfolioId}
            timeframe={timeframe}
            onTimeframe={setTimeframe}
            money={money}
          />
        </Panel>
      </div>
    </div>
  );
}

function HoldingsTable({ positions, money }: { positions: readonly Position[]; money: MoneyFormatter }) {
  const q = useQuantityFormatter();
  return (
    // From md up; a phone gets HoldingsCards, where no figure hides behind a sideways scroll.
    <Table
      caption="Coins held"
      className="hidden rounded-md md:block"
      head={
        <>
          <Th density="normal">Coin</Th>
          <Th density="normal" numeric>
            Quantity
          </Th>
          <Th density="normal" numeric>
            Price
          </Th>
          <Th density="normal" numeric>
            Value
          </Th>
          <Th density="normal" numeric>
            Unrealized P&amp;L
          </Th>
          <Th density="normal" numeric>
            Realized P&amp;L
          </Th>
        </>
      }
    >
      {positions.map((p) => (
        <tr key={p.coin_id} className="border-t border-line">
          <Td density="normal">
            <CoinNameCell image={p.image} name={p.name} symbol={p.symbol} />
          </Td>
          <Td density="normal" numeric>
            <Private>{q(p.quantity)}</Private>
          </Td>
          <Td density="normal" numeric>
            <Private>{money(p.currentPrice)}</Private>
            <PriceSourceNote source={p.priceSource} asOf={p.priceAsOf} />
          </Td>
          <Td density="normal" numeric>
            <Private>{money(p.totalValue)}</Private>
          </Td>
          <Td density="normal" numeric className={tone(p.unrealizedProfitLoss)}>
            <Private>{money(p.unrealizedProfitLoss)}</Private>{' '}
            <span className="text-xs">
              ({formatSignedPercent(p.returns.unrealized.profitLossPercentage)})
            </span>
          </Td>
          <Td density="normal" numeric className={tone(p.realizedProfitLoss)}>
            <Private>{money(p.realizedProfitLoss)}</Private>
          </Td>
        </tr>
      ))}
    </Table>
  );
}

/**
 * The holdings on a phone: one card per coin with every figure of the table's row. Six columns
 * do not fit 390 px, and a scrolling table cut each value mid-number ("$15,").
 */
function HoldingsCards({ positions, money }: { positions: readonly Position[]; money: MoneyFormatter }) {
  const q = useQuantityFormatter();
  return (
    <ul aria-label="Coins held" className="grid gap-2 md:hidden">
      {positions.map((p) => (
        <li key={p.coin_id} className="rounded-lg border border-line p-3 text-sm">
          <div className="flex items-start justify-between gap-3">
            <CoinNameCell
              image={p.image}
              name={p.name}
              symbol={p.symbol}
              detail={
                <>
                  <span className="block text-xs text-muted">
                    <Private>{q(p.quantity)}</Private> <span className="uppercase">{p.symbol}</span> at{' '}
                    <Private>{money(p.currentPrice)}</Private>
                  </span>
                  <PriceSourceNote source={p.priceSource} asOf={p.priceAsOf} />
                </>
              }
            />
            <span className="shrink-0 text-right font-medium tabular-nums">
              <Private>{money(p.totalValue)}</Private>
            </span>
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 text-xs">
            <div>
              <dt className="text-muted">Unrealized P&amp;L</dt>
              <dd className={cn('tabular-nums', tone(p.unrealizedProfitLoss))}>
                <Private>{money(p.unrealizedProfitLoss)}</Private> (
                {formatSignedPercent(p.returns.unrealized.profitLossPercentage)})
              </dd>
            </div>
            <div className="text-right">
              <dt className="text-muted">Realized P&amp;L</dt>
              <dd className={cn('tabular-nums', tone(p.realizedProfitLoss))}>
                <Private>{money(p.realizedProfitLoss)}</Private>
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
