import type { ReplaceTransactionItem } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { type DecimalLike, decString, isFilled, parseDecimal, roundCoins, toDec } from './numbers.ts';

/**
 * One row of the sell table as the client holds it.
 * Values stay as typed (text with commas, blanks) until saving normalises them.
 */
export interface SellRow {
  /** Server id, or a local id (`local-N`) for rows never saved. */
  id: string;
  coins_sold: DecimalLike;
  price_per_coin: DecimalLike;
  fees_percentage: DecimalLike;
  price_impact_percentage: DecimalLike;
  sell_tax: DecimalLike;
  transaction_order: number;
}

export const localIdPrefix = 'local-';

export function isLocalRowId(id: string | null | undefined): boolean {
  return typeof id === 'string' && id.startsWith(localIdPrefix);
}

/** A fresh local id, unique within `rows` however they were renumbered or deleted. */
export function nextLocalId(rows: readonly SellRow[]): string {
  let max = 0;
  for (const row of rows) {
    if (!isLocalRowId(row.id)) continue;
    const n = Number(row.id.slice(localIdPrefix.length));
    if (Number.isInteger(n) && n > max) max = n;
  }
  return `${localIdPrefix}${max + 1}`;
}

export function blankSellRow(order: number, sellTax: DecimalLike, id: string): SellRow {
  return {
    id,
    coins_sold: '',
    price_per_coin: '',
    fees_percentage: '',
    price_impact_percentage: '',
    sell_tax: sellTax ?? '',
    transaction_order: order,
  };
}

/** Rows are kept sorted by transaction_order. Stable, so ties keep their place. */
export function sortRows<T extends { transaction_order: number }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.transaction_order - b.transaction_order);
}

/**
 * Append a blank row only when the last row has coins_sold
 * and price_per_coin filled and tokens remain. "Filled" means a number above zero,
 * as the original's truthiness test on parsed numbers did. The spec's other reading
 * (remaining above zero and the last sale not covering it) differs only when the last
 * row is filled but the tokens are gone, where both answer false.
 */
export function shouldAppendBlankRow(rows: readonly SellRow[], remaining: DecimalLike): boolean {
  const last = sortRows(rows).at(-1);
  if (last === undefined) return true;
  return isFilled(last.coins_sold) && isFilled(last.price_per_coin) && toDec(remaining).gt(0);
}

/** Appends a blank row (carrying the sell tax) when the spec's rule asks for one. */
export function withBlankRow(
  rows: readonly SellRow[],
  remaining: DecimalLike,
  sellTax: DecimalLike,
): SellRow[] {
  const sorted = sortRows(rows);
  if (!shouldAppendBlankRow(sorted, remaining)) return sorted;
  return [...sorted, blankSellRow(sorted.length + 1, sellTax, nextLocalId(sorted))];
}

/** Renumbers from 1 in the current order. */
export function renumberRows(rows: readonly SellRow[]): SellRow[] {
  return sortRows(rows).map((row, i) => ({ ...row, transaction_order: i + 1 }));
}

/**
 * Deleting a row renumbers the rest; if none remain, one blank row is created
 * carrying the sell tax, so the table is never empty.
 */
export function deleteRow(rows: readonly SellRow[], id: string, sellTax: DecimalLike): SellRow[] {
  const rest = renumberRows(rows.filter((row) => row.id !== id));
  if (rest.length > 0) return rest;
  return [blankSellRow(1, sellTax, nextLocalId(rows))];
}

/**
 * Saving: drop rows without coins_sold > 0 or without a price (a price of 0
 * counts as none: a sale for nothing is not a plan), sort by order, renumber from 1,
 * round coins_sold to 8 decimals, missing fees or impact become 0. Local ids are not
 * sent: the replace is a whole new set and the server owns ids.
 * A row whose coins round to 0 at 8 decimals is dropped too, since the server refuses it.
 */
export function normaliseForSave(rows: readonly SellRow[]): ReplaceTransactionItem[] {
  const kept = sortRows(rows).filter(
    (row) => isFilled(row.price_per_coin) && new Dec(roundCoins(row.coins_sold)).gt(0),
  );
  return kept.map((row, i) => ({
    id: isLocalRowId(row.id) ? undefined : row.id,
    coins_sold: roundCoins(row.coins_sold),
    price_per_coin: decString(toDec(row.price_per_coin)),
    fees_percentage: percentOrZero(row.fees_percentage),
    price_impact_percentage: percentOrZero(row.price_impact_percentage),
    transaction_order: i + 1,
  }));
}

function percentOrZero(value: DecimalLike): string {
  const d = parseDecimal(value);
  return d === null ? '0' : decString(d);
}

/** Server rows into table rows, sorted; used after the post-save re-fetch. */
export function rowsFromServer(
  transactions: readonly {
    id: string;
    coins_sold: string;
    price_per_coin: string;
    fees_percentage: string;
    price_impact_percentage: string;
    sell_tax: string;
    transaction_order: number;
  }[],
): SellRow[] {
  return sortRows(transactions.map((tx) => ({ ...tx })));
}
