import type { Projection, TransactionSortMode } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { decString } from './numbers.ts';
import type { ProjectionContext, ProjectionFigures, RowFigures } from './recalculate.ts';
import { recalculateFast } from './recalculate-fast.ts';
import type { SellRow } from './rows.ts';

type ProjectionHead = Pick<
  Projection,
  | 'id'
  | 'name'
  | 'coin_name'
  | 'coin_image'
  | 'coin_symbol'
  | 'invested_capital'
  | 'tokens_owned'
  | 'sell_tax'
  | 'circulating_supply'
>;

export interface ProjectionWithRows {
  projection: ProjectionHead;
  rows: readonly SellRow[];
  /** Market numbers for the per-row extras; optional. */
  market?: Pick<ProjectionContext, 'currentPrice' | 'athPrice'>;
}

/** One aggregatedData item of the all-projections state, with its figures. */
export interface AggregatedProjection {
  id: string;
  name: string;
  coin_name: string;
  coin_image: string;
  coin_symbol: string;
  transactionCount: number;
  figures: ProjectionFigures;
}

export interface AggregatedTransaction extends RowFigures {
  projectionId: string;
  projectionName: string;
  coin_symbol: string;
  coin_image: string;
}

export interface AllProjectionsSummary {
  totalPositions: number;
  totalTransactions: number;
  /** Sum of each projection's cash out; coins differ, so only money is summed. */
  totalCashOut: string;
  aggregatedData: AggregatedProjection[];
  transactions: AggregatedTransaction[];
}

/**
 * The all-projections view. Only counted rows (coins and price filled)
 * are transactions: blank rows are editing scaffolding. `selectedIds` (when given)
 * limits the view to the multi-select's choice, in the list's order.
 * Sort 'order': by transaction_order, ties by the projection's place in the list.
 * Sort 'projection': grouped by projection, each group by transaction_order.
 */
export function aggregateProjections(
  items: readonly ProjectionWithRows[],
  sortMode: TransactionSortMode,
  selectedIds?: readonly string[],
): AllProjectionsSummary {
  const chosen =
    selectedIds === undefined ? items : items.filter((i) => selectedIds.includes(i.projection.id));
  let totalCashOut = new Dec(0);
  const aggregatedData: AggregatedProjection[] = [];
  const transactions: (AggregatedTransaction & { position: number })[] = [];

  chosen.forEach((item, position) => {
    const p = item.projection;
    const figures = recalculateFast(item.rows, p.tokens_owned, p.sell_tax, {
      investedCapital: p.invested_capital,
      circulatingSupply: p.circulating_supply,
      currentPrice: item.market?.currentPrice,
      athPrice: item.market?.athPrice,
    }).toFigures();
    const counted = figures.rows.filter((r) => r.counted);
    totalCashOut = totalCashOut.plus(figures.totalCashOut);
    aggregatedData.push({
      id: p.id,
      name: p.name,
      coin_name: p.coin_name,
      coin_image: p.coin_image,
      coin_symbol: p.coin_symbol,
      transactionCount: counted.length,
      figures,
    });
    for (const row of counted) {
      transactions.push({
        ...row,
        projectionId: p.id,
        projectionName: p.name,
        coin_symbol: p.coin_symbol,
        coin_image: p.coin_image,
        position,
      });
    }
  });

  transactions.sort((a, b) =>
    sortMode === 'order'
      ? a.transaction_order - b.transaction_order || a.position - b.position
      : a.position - b.position || a.transaction_order - b.transaction_order,
  );

  return {
    totalPositions: chosen.length,
    totalTransactions: transactions.length,
    totalCashOut: decString(totalCashOut),
    aggregatedData,
    transactions: transactions.map(({ position: _position, ...tx }) => tx),
  };
}
