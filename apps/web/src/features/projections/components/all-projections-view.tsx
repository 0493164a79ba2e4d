import { type Projection, transactionSortModeLabels, transactionSortModes } from '@app/contracts';
import { aggregateProjections, allViewSelection, rowsFromServer } from '@app/core';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { projectionDetailQuery } from '../api/projections-api';
import { useProjectionsSelection } from '../store/projections-selection-store';
import { AllPlannedSellsTable } from './all-planned-sells-table';
import { money } from './format';
import { ProjectionSelectionMenu } from './projection-selection-menu';

/**
 * The all-projections view: a multi-select of projections and a sort mode, then
 * every counted sell of the chosen ones. Money is summed only when the chosen
 * projections share one currency (each projection keeps its own; see README).
 */
export function AllProjectionsView({ projections }: { projections: Projection[] }) {
  const all = useProjectionsSelection((s) => s.allProjections);
  const setAll = useProjectionsSelection((s) => s.setAllProjections);
  const ids = useMemo(() => projections.map((p) => p.id), [projections]);
  const selected = allViewSelection(all.selectedProjections, ids);

  const details = useQueries({ queries: projections.map((p) => projectionDetailQuery(p.id)) });
  const loading = details.some((d) => d.isPending);
  const dataKey = details.map((d) => d.dataUpdatedAt).join(',');

  // dataKey stands for `details` (a new array every render) and the joined ids for `selected`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `details` is a new array each render; dataKey and the joined ids stand in for it and for `selected`
  const summary = useMemo(() => {
    const items = details.flatMap((d) =>
      d.data === undefined
        ? []
        : [
            {
              projection: d.data.projection,
              rows: rowsFromServer(d.data.transactions),
              market: {
                currentPrice: d.data.market.current_price ?? undefined,
                athPrice: d.data.market.ath ?? undefined,
              },
            },
          ],
    );
    return aggregateProjections(items, all.transactionSortMode, selected);
  }, [dataKey, all.transactionSortMode, selected.join(',')]);

  useEffect(() => {
    setAll({
      totalPositions: summary.totalPositions,
      totalTransactions: summary.totalTransactions,
      totalCashOut: summary.totalCashOut,
      aggregatedData: summary.aggregatedData.map(({ id, name, coin_name, coin_image, coin_symbol }) => ({
        id,
        name,
        coin_name,
        coin_image,
        coin_symbol,
      })),
    });
  }, [summary, setAll]);

  const currencies = new Set(projections.filter((p) => selected.includes(p.id)).map((p) => p.currency));
  const oneCurrency = currencies.size === 1 ? [...currencies][0] : undefined;
  const currencyOf = new Map(projections.map((p) => [p.id, p.currency]));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <ProjectionSelectionMenu
          projections={projections}
          selected={selected}
          onChange={(ids) => setAll({ selectedProjections: ids })}
        />
        <fieldset className="flex items-center gap-1 rounded-lg border border-line p-1 text-sm">
          <legend className="sr-only">Sort</legend>
          {transactionSortModes.map((mode) => (
            <label
              key={mode}
              className={`relative cursor-pointer rounded-md px-3 py-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${all.transactionSortMode === mode ? 'bg-surface-2 font-semibold' : 'text-muted'}`}
            >
              <input
                type="radio"
                name="transaction-sort"
                className="sr-only"
                checked={all.transactionSortMode === mode}
                onChange={() => setAll({ transactionSortMode: mode })}
              />
              {transactionSortModeLabels[mode]}
            </label>
          ))}
        </fieldset>
      </div>

      <dl className="grid grid-cols-3 gap-2">
        <div className="rounded-lg border border-line bg-surface px-3 py-2">
          <dt className="text-xs text-muted">Positions</dt>
          <dd className="text-base font-semibold tabular-nums">{summary.totalPositions}</dd>
        </div>
        <div className="rounded-lg border border-line bg-surface px-3 py-2">
          <dt className="text-xs text-muted">Transactions</dt>
          <dd className="text-base font-semibold tabular-nums">{summary.totalTransactions}</dd>
        </div>
        <div className="rounded-lg border border-line bg-surface px-3 py-2">
          <dt className="text-xs text-muted">Total cash out</dt>
          <dd className="text-base font-semibold tabular-nums">
            {oneCurrency === undefined
              ? currencies.size === 0
                ? '–'
                : 'Mixed currencies'
              : money(summary.totalCashOut, oneCurrency)}
          </dd>
        </div>
      </dl>

      {loading ? (
        <Spinner label="Loading projections…" />
      ) : summary.transactions.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted">
          {selected.length === 0 ? 'Select projections to see their sells.' : 'No planned sells yet.'}
        </p>
      ) : (
        <AllPlannedSellsTable transactions={summary.transactions} currencyOf={currencyOf} />
      )}
    </div>
  );
}
