import { type CalculateWithTransactionsResponse, projectionMessages } from '@app/contracts';
import {
  assertCanSaveTransactions,
  createFastRecalculator,
  deleteRow,
  type FastProjectionFigures,
  normaliseForSave,
  rowsFromServer,
  type SellRow,
  shouldAppendBlankRow,
  takeHomeAfterImpact,
  withBlankRow,
} from '@app/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getProjectionWithFigures, projectionKeys, replaceTransactions } from '../api/projections-api';
import { useProjectionsSelection } from '../store/projections-selection-store';

export type SellField = 'coins_sold' | 'price_per_coin' | 'fees_percentage' | 'price_impact_percentage';

export interface SellTable {
  rows: SellRow[];
  /** Totals now; each row's figures when asked for (the table asks for the rows in view). */
  figures: FastProjectionFigures;
  /** Every rung's take-home after price impact, summed (beside the spec's total cash out). */
  totalTakeHome: string;
  hasChanges: boolean;
  saving: boolean;
  edit: (rowId: string, field: SellField, value: string) => void;
  remove: (rowId: string) => void;
  replaceAll: (rows: SellRow[]) => void;
  save: () => Promise<void>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The transaction state of one projection: the local list (persisted while it
 * has unsaved changes), its figures (recalculated only when rows or the projection
 * change), the blank-row rule, deletion and the save.
 */
export function useSellTable(projectionId: string, detail: CalculateWithTransactionsResponse): SellTable {
  const client = useQueryClient();
  const stored = useProjectionsSelection((s) => s.transactions);
  const setStored = useProjectionsSelection((s) => s.setTransactions);
  const setLastSavedAt = useProjectionsSelection((s) => s.setLastSavedAt);
  const { projection, market } = detail;

  const [state, setState] = useState<{ rows: SellRow[]; hasChanges: boolean }>(() =>
    stored?.projectionId === projectionId && stored.hasChanges
      ? { rows: stored.rows, hasChanges: true }
      : { rows: rowsFromServer(detail.transactions), hasChanges: false },
  );
  // Keeps each row's parsed values between keystrokes: an edit re-parses one cell.
  const [recalculate] = useState(createFastRecalculator);

  // A different projection or fresh server rows (after a save) reinitialise the list,
  // unless the user has unsaved edits for this projection. `stored` is read, not
  // watched: it follows this state, never the other way round.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `stored` follows this state, so it is read here, never watched
  useEffect(() => {
    setState((current) =>
      current.hasChanges && stored?.projectionId === projectionId
        ? current
        : { rows: rowsFromServer(detail.transactions), hasChanges: false },
    );
  }, [projectionId, detail.transactions]);

  const figures = useMemo(
    () =>
      recalculate(state.rows, projection.tokens_owned, projection.sell_tax, {
        investedCapital: projection.invested_capital,
        circulatingSupply: projection.circulating_supply ?? market.circulating_supply ?? undefined,
        currentPrice: market.current_price ?? undefined,
        athPrice: market.ath ?? undefined,
      }),
    [recalculate, state.rows, projection, market],
  );

  // Every row's figures are built for the sum: the table itself asks only for the rows in view.
  const totalTakeHome = useMemo(
    () => takeHomeAfterImpact(state.rows, figures.rowFor, projection.sell_tax).total,
    [state.rows, figures, projection.sell_tax],
  );

  // A blank row follows a filled last row while tokens remain.
  useEffect(() => {
    if (shouldAppendBlankRow(state.rows, figures.remainingTokens)) {
      setState((s) => ({ ...s, rows: withBlankRow(s.rows, figures.remainingTokens, projection.sell_tax) }));
    }
  }, [state.rows, figures.remainingTokens, projection.sell_tax]);

  useEffect(() => {
    setStored(state.hasChanges ? { projectionId, rows: state.rows, hasChanges: true } : null);
  }, [state, projectionId, setStored]);

  const edit = useCallback((rowId: string, field: SellField, value: string) => {
    setState((s) => ({
      hasChanges: true,
      rows: s.rows.map((row) => (row.id === rowId ? { ...row, [field]: value } : row)),
    }));
  }, []);

  const remove = useCallback(
    (rowId: string) => {
      setState((s) => ({ hasChanges: true, rows: deleteRow(s.rows, rowId, projection.sell_tax) }));
    },
    [projection.sell_tax],
  );

  const replaceAll = useCallback((rows: SellRow[]) => setState({ hasChanges: true, rows }), []);

  const write = useMutation({
    mutationFn: (input: { id: string; rows: Parameters<typeof replaceTransactions>[1] }) =>
      replaceTransactions(input.id, input.rows),
    // Offline it goes to the device's queue at once, as a direct write does, instead of waiting;
    // the view says what went wrong itself.
    networkMode: 'always',
    meta: { silent: true },
    onSuccess: async (_saved, { id }) => {
      setLastSavedAt(new Date().toISOString());
      try {
        // Re-fetch and reinitialise from what the server now holds.
        const fresh = await client.fetchQuery({
          queryKey: projectionKeys.detail(id),
          queryFn: ({ signal }) => getProjectionWithFigures(id, signal),
          staleTime: 0,
        });
        setState({ rows: rowsFromServer(fresh.transactions), hasChanges: false });
      } catch (error) {
        setState({ rows: [], hasChanges: false });
        throw new Error(projectionMessages.syncAfterSaveFailed(errorText(error)));
      }
      void client.invalidateQueries({ queryKey: projectionKeys.all });
    },
  });
  const { mutateAsync } = write;

  const save = useCallback(async () => {
    const id = assertCanSaveTransactions(projectionId, true);
    await mutateAsync({ id, rows: normaliseForSave(state.rows) });
  }, [mutateAsync, projectionId, state.rows]);

  return {
    rows: state.rows,
    figures,
    totalTakeHome,
    hasChanges: state.hasChanges,
    saving: write.isPending,
    edit,
    remove,
    replaceAll,
    save,
  };
}
