import {
  type CsvImportRow,
  type CsvRowError,
  type CsvSkippedRow,
  type OpeningBalance,
  type RewardKind,
  type TransactionType,
  transactionDraftSchema,
} from '@app/contracts';
import { Dec } from '../decimal.ts';
import { toDecimalString } from '../ledger/format.ts';
import { bestKnownCoinId, isFiat, quoteRank } from './coins.ts';

/** One transaction of one coin, before validation. Amounts are exact; rounding happens on build. */
export interface Leg {
  symbol: string;
  type: TransactionType;
  quantity: Dec;
  price: Dec;
  fee?: Dec;
  date: string;
  note: string;
  priceCurrency: string | null;
  rewardKind?: RewardKind;
  warnings?: string[];
  coinId?: string | null;
}

export interface ParsedCsv {
  rows: CsvImportRow[];
  errors: CsvRowError[];
  skipped: CsvSkippedRow[];
  /** Only formats with a running balance column (Kraken ledgers) can offer these. */
  opening_balances?: OpeningBalance[];
}

/** Collects rows, errors and skips in source-line order; a record's legs are all kept or all refused. */
export class RowCollector {
  readonly rows: CsvImportRow[] = [];
  readonly errors: CsvRowError[] = [];
  readonly skipped: CsvSkippedRow[] = [];

  error(line: number, field: string | null, message: string): void {
    this.errors.push({ line, field, message });
  }

  skip(line: number, reason: string): void {
    this.skipped.push({ line, reason });
  }

  add(line: number, legs: readonly Leg[]): void {
    const built: CsvImportRow[] = [];
    for (const leg of legs) {
      const parsed = transactionDraftSchema.safeParse({
        type: leg.type,
        quantity: toDecimalString(leg.quantity),
        price_per_coin: toDecimalString(leg.price),
        fee: toDecimalString(leg.fee ?? new Dec(0)),
        date: leg.date,
        note: leg.note.slice(0, 1000),
        ...(leg.rewardKind ? { reward_kind: leg.rewardKind } : {}),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || null;
        this.error(line, field, `${leg.symbol} ${leg.type}: ${issue?.message ?? 'invalid row'}`);
        return;
      }
      const t = parsed.data;
      built.push({
        line,
        symbol: leg.symbol,
        coin_id: leg.coinId === undefined ? bestKnownCoinId(leg.symbol) : leg.coinId,
        price_currency: leg.priceCurrency,
        transaction: t,
        duplicate_key: duplicateKey(t.date, t.type, leg.symbol, t.quantity, t.price_per_coin),
        warnings: leg.warnings ?? [],
      });
    }
    this.rows.push(...built);
  }

  result(): ParsedCsv {
    const byLine = <T extends { line: number }>(a: T, b: T) => a.line - b.line;
    return {
      rows: [...this.rows].sort(byLine),
      errors: [...this.errors].sort(byLine),
      skipped: [...this.skipped].sort(byLine),
    };
  }
}

/**
 * Equal keys mark likely duplicates (the same trade imported twice, or imported and typed in).
 * Seconds, not milliseconds: exports and hand entry disagree below the second.
 */
export function duplicateKey(
  date: string,
  type: string,
  symbol: string,
  quantity: string,
  price: string,
): string {
  const second = new Date(date).toISOString().slice(0, 19);
  return [second, type, symbol.toUpperCase(), new Dec(quantity).toFixed(), new Dec(price).toFixed()].join(
    '|',
  );
}

/** Lines of rows whose key occurs twice in the file or is already stored. */
export function likelyDuplicates(
  rows: readonly CsvImportRow[],
  existingKeys: Iterable<string> = [],
): Set<number> {
  const stored = new Set(existingKeys);
  const seen = new Map<string, number>();
  const lines = new Set<number>();
  for (const row of rows) {
    const first = seen.get(row.duplicate_key);
    if (first !== undefined) {
      lines.add(first);
      lines.add(row.line);
    } else seen.set(row.duplicate_key, row.line);
    if (stored.has(row.duplicate_key)) lines.add(row.line);
  }
  return lines;
}

export interface Fee {
  asset: string;
  amount: Dec;
}

/**
 * A trade of `base` against `quote`, as exchanges report it: the amount received is gross (a
 * fee in that asset is deducted from it), the amount spent excludes a fee in that asset (charged
 * on top). Produces the base leg, plus the quote leg when the quote is a coin (priced 1 in
 * itself, so converting its price to the portfolio currency values it correctly), plus a
 * disposal at zero for a fee paid in a third coin (BNB): the fee's cost becomes a realized loss.
 */
export interface Trade {
  side: 'buy' | 'sell';
  base: string;
  quote: string;
  baseQuantity: Dec;
  quoteQuantity: Dec;
  fees: Fee[];
  date: string;
  note: string;
}

export function tradeLegs(t: Trade): Leg[] {
  if (t.baseQuantity.isZero()) throw new Error(`${t.base} quantity is zero`);
  const price = t.quoteQuantity.div(t.baseQuantity);
  let baseFee = new Dec(0);
  let quoteFee = new Dec(0);
  const legs: Leg[] = [];
  const warnings: string[] = [];
  for (const fee of t.fees) {
    if (fee.amount.isZero()) continue;
    if (fee.asset === t.base) baseFee = baseFee.add(fee.amount);
    else if (fee.asset === t.quote) quoteFee = quoteFee.add(fee.amount);
    else if (isFiat(fee.asset)) warnings.push(`Fee of ${fee.amount.toFixed()} ${fee.asset} not counted`);
    else {
      legs.push({
        symbol: fee.asset,
        type: 'sell',
        quantity: fee.amount,
        price: new Dec(0),
        date: t.date,
        note: `Fee paid in ${fee.asset}: ${t.note}`,
        priceCurrency: t.quote,
        warnings: [
          `Fee paid in ${fee.asset}, recorded as a disposal at 0 (its cost becomes a realized loss)`,
        ],
      });
    }
  }
  const fee = quoteFee.add(baseFee.mul(price));
  const coinQuote = !isFiat(t.quote);
  const common = { date: t.date, note: t.note, priceCurrency: t.quote };
  if (t.side === 'buy') {
    legs.unshift({
      ...common,
      symbol: t.base,
      type: 'buy',
      quantity: t.baseQuantity.sub(baseFee),
      price,
      fee,
      warnings,
    });
    if (coinQuote) {
      legs.splice(1, 0, {
        ...common,
        symbol: t.quote,
        type: 'sell',
        quantity: t.quoteQuantity.add(quoteFee),
        price: new Dec(1),
      });
    }
  } else {
    legs.unshift({
      ...common,
      symbol: t.base,
      type: 'sell',
      quantity: t.baseQuantity.add(baseFee),
      price,
      fee,
      warnings,
    });
    if (coinQuote) {
      legs.splice(1, 0, {
        ...common,
        symbol: t.quote,
        type: 'buy',
        quantity: t.quoteQuantity.sub(quoteFee),
        price: new Dec(1),
      });
    }
  }
  return legs;
}

/** Given what was received and spent, which is the base and which the quote. */
export function tradeFromFlows(
  received: { asset: string; amount: Dec },
  spent: { asset: string; amount: Dec },
  fees: Fee[],
  date: string,
  note: string,
): Trade {
  const spentIsQuote = quoteRank(spent.asset) >= quoteRank(received.asset);
  return spentIsQuote
    ? {
        side: 'buy',
        base: received.asset,
        quote: spent.asset,
        baseQuantity: received.amount,
        quoteQuantity: spent.amount,
        fees,
        date,
        note,
      }
    : {
        side: 'sell',
        base: spent.asset,
        quote: received.asset,
        baseQuantity: spent.amount,
        quoteQuantity: received.amount,
        fees,
        date,
        note,
      };
}

/** Columns looked up by header name (exports reorder and add columns between generations). */
export class Columns {
  private readonly index = new Map<string, number>();
  constructor(header: readonly string[]) {
    header.forEach((h, i) => {
      const key = h.trim().toLowerCase();
      if (!this.index.has(key)) this.index.set(key, i);
    });
  }
  has(name: string): boolean {
    return this.index.has(name.toLowerCase());
  }
  find(predicate: (name: string) => boolean): string | undefined {
    return [...this.index.keys()].find(predicate);
  }
  get(fields: readonly string[], name: string | undefined): string {
    if (name === undefined) return '';
    const i = this.index.get(name.toLowerCase());
    return i === undefined ? '' : (fields[i] ?? '').trim();
  }
}
