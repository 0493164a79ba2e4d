import type { Projection, ProjectionFiguresWire, RowFiguresWire } from '@app/contracts';
import type { DecimalLike } from './numbers.ts';
import type { ProjectionFigures, RowFigures } from './recalculate.ts';
import { recalculateFast } from './recalculate-fast.ts';
import type { SellRow } from './rows.ts';

/**
 * Core speaks camelCase (the spec's client state names: remainingTokens, totalCashOut,
 * averageSellPrice); the wire speaks snake_case like every other body. One mapper,
 * so the server's calculate routes return exactly what the client table shows.
 */
export function rowFiguresToWire(row: RowFigures): RowFiguresWire {
  return {
    id: row.id,
    transaction_order: row.transaction_order,
    counted: row.counted,
    capped: row.capped,
    coins_sold: row.coinsSold,
    price_per_coin: row.pricePerCoin,
    gross: row.gross,
    fee: row.fee,
    tax: row.tax,
    net: row.net,
    cumulative_cash_out: row.cumulativeCashOut,
    remaining_after: row.remainingAfter,
    profit_so_far: row.profitSoFar,
    roi_multiple_so_far: row.roiMultipleSoFar,
    implied_market_cap: row.impliedMarketCap,
    price_vs_current: row.priceVsCurrent,
    price_vs_ath: row.priceVsAth,
    effective_price: row.effectivePrice,
    gross_at_effective_price: row.grossAtEffectivePrice,
  };
}

export function figuresToWire(figures: ProjectionFigures): ProjectionFiguresWire {
  return {
    remaining_tokens: figures.remainingTokens,
    total_coins_sold: figures.totalCoinsSold,
    total_gross: figures.totalGross,
    total_fees: figures.totalFees,
    total_tax: figures.totalTax,
    total_cash_out: figures.totalCashOut,
    average_sell_price: figures.averageSellPrice,
    profit: figures.profit,
    roi_multiple: figures.roiMultiple,
    rows: figures.rows.map(rowFiguresToWire),
  };
}

/**
 * The stored rows' figures (`calculate-with-transactions/`, `calculate/`), from the
 * server's own shapes: the scaled-integer path, equal digit for digit to the reference.
 */
export function figuresForProjection(
  projection: Pick<Projection, 'invested_capital' | 'tokens_owned' | 'sell_tax' | 'circulating_supply'>,
  transactions: readonly SellRow[],
  market: { currentPrice?: DecimalLike; athPrice?: DecimalLike } = {},
): ProjectionFiguresWire {
  return figuresToWire(
    recalculateFast(transactions, projection.tokens_owned, projection.sell_tax, {
      investedCapital: projection.invested_capital,
      circulatingSupply: projection.circulating_supply,
      currentPrice: market.currentPrice,
      athPrice: market.athPrice,
    }).toFigures(),
  );
}
