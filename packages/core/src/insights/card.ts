import type { InsightAction, InsightCard, InsightKind, InsightSeverity, InsightTable } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { currencyDecimals, formatCurrency } from '../format-currency.ts';
import { formatDate, formatDateTime } from '../format-date.ts';

/** Rows a card carries in its drill-down; the explain route asks for every row (`rowLimit: null`). */
export const cardRowLimit = 10;

export const rowLimit = (input: { rowLimit?: number | null | undefined }): number | undefined =>
  input.rowLimit === null ? undefined : (input.rowLimit ?? cardRowLimit);

export function table(title: string, columns: string[], rows: string[][], limit?: number): InsightTable {
  const kept = limit === undefined ? rows : rows.slice(0, limit);
  return { title, columns, rows: kept, omitted: rows.length - kept.length };
}

/** Like `table`, but formats only the rows it keeps (lists of thousands of lots stay cheap). */
export function limitedTable<T>(
  title: string,
  columns: string[],
  items: readonly T[],
  toRow: (item: T) => string[],
  limit?: number,
): InsightTable {
  const kept = limit === undefined ? items : items.slice(0, limit);
  return { title, columns, rows: kept.map(toRow), omitted: items.length - kept.length };
}

export function card(init: {
  kind: InsightKind;
  subject?: string;
  severity: InsightSeverity;
  title: string;
  headline: string;
  figures: Record<string, string>;
  formula: string;
  numbers: Array<[string, string]>;
  tables?: InsightTable[];
  actions?: InsightAction[];
  estimate?: boolean;
  available?: boolean;
}): InsightCard {
  return {
    kind: init.kind,
    ...(init.subject === undefined ? {} : { subject: init.subject }),
    severity: init.severity,
    title: init.title,
    headline: init.headline,
    figures: init.figures,
    why: {
      formula: init.formula,
      numbers: init.numbers.map(([label, value]) => ({ label, value })),
      tables: init.tables ?? [],
    },
    actions: init.actions ?? [],
    caveats: [],
    estimate: init.estimate ?? false,
    available: init.available ?? true,
  };
}

/** A percentage for reading: two decimals, half-even, thousands grouped, with a % sign ("42.57%", "10,148.30%"). */
export function pct(value: Dec | number, decimals = 2): string {
  const d = typeof value === 'number' ? new Dec(value) : value;
  const [whole = '', fraction] = d.toFixed(decimals, Dec.ROUND_HALF_EVEN).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${grouped}${fraction === undefined ? '' : `.${fraction}`}%`;
}

/** A signed percentage ("+12.50%", "-3.10%"). */
export function signedPct(value: Dec | number, decimals = 2): string {
  const d = typeof value === 'number' ? new Dec(value) : value;
  return `${d.gt(0) ? '+' : ''}${pct(d, decimals)}`;
}

/** Who reads the cards: their locale for dates, en-US when the request named none. */
export interface CardReader {
  locale?: string | undefined;
}

/** An instant for reading, in UTC and said so (the server does not know the reader's zone). */
export const readerMinute = (at: string, reader: CardReader) =>
  `${formatDateTime(at, reader.locale ?? 'en-US', 'UTC')} UTC`;

/** A UTC calendar day for reading: "Nov 1, 2026" (en-US), "1. Nov. 2026" (de-DE). */
export const readerDay = (at: string | Date, reader: CardReader) =>
  formatDate(at, reader.locale ?? 'en-US', 'UTC');

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Money for reading, with the spec's currency decimals: formatCurrency's output, with its
 * Intl.NumberFormat kept per currency and decimals (building one costs more than formatting
 * thousands of lot rows).
 */
export function money(value: Dec | string, currency: string): string {
  const n = new Dec(value).toNumber();
  const code = currency.toLowerCase();
  if (code === 'btc' || code === 'eth') return formatCurrency(n, currency);
  const decimals = currencyDecimals(n);
  const key = `${code}:${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code.toUpperCase(),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, f);
  }
  return f.format(n);
}

export function signedMoney(value: Dec, currency: string): string {
  return `${value.gt(0) ? '+' : ''}${money(value, currency)}`;
}

/** An exact figure for `figures`: at most 8 decimals, trailing zeros dropped. */
export function fig(value: Dec | string): string {
  return new Dec(new Dec(value).toFixed(8, Dec.ROUND_HALF_EVEN)).toFixed();
}

/** A rounded statistic for `figures` (volatility, beta): 2 decimals. */
export function stat(value: number, decimals = 2): string {
  return new Dec(value).toFixed(decimals, Dec.ROUND_HALF_EVEN);
}

export function coinLink(coinId: string, symbol: string): InsightAction {
  return { label: `Open ${symbol.toUpperCase()}`, href: `/cryptocurrencies/${encodeURIComponent(coinId)}` };
}

/** The transaction list filtered to a coin, and to the portfolio when the feed is for one. */
export function transactionsLink(coinId: string, symbol: string, portfolioId?: string | null): InsightAction {
  const portfolio = portfolioId ? `&portfolio=${encodeURIComponent(portfolioId)}` : '';
  return {
    label: `${symbol.toUpperCase()} transactions`,
    href: `/transactions?coin=${encodeURIComponent(coinId)}${portfolio}`,
  };
}

export const sym = (symbol: string) => symbol.toUpperCase();
