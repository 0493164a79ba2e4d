import {
  type CsvImportRow,
  type CsvRowError,
  type CsvSkippedRow,
  feeCurrencySchema,
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
  /** Null only on a transfer in whose file gives no value: its cost is unknown, never 0. */
  price: Dec | null;
  fee?: Dec;
  /** The fee's own currency when it is not `priceCurrency` (a BNB fee on a USDT trade). */
  feeCurrency?: string;
  /** A coin paid as a fee: the server prices this sale at the coin's close of the day. */
  pricedAtClose?: true;
  date: string;
  note: string;
  priceCurrency: string | null;
  rewardKind?: RewardKind;
  warnings?: string[];
  coinId?: string | null;
  /** The exchange's own id of the record the leg belongs to (every leg of a trade shares it). */
  outsideRef?: string;
}

/** The warning on a deposit a file gives no value for: it is imported with its cost unknown. */
export const transferInWithoutValue = 'No value in the file: cost unknown until you give a price';

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
        price_per_coin: leg.price === null ? null : toDecimalString(leg.price),
        fee: toDecimalString(leg.fee ?? new Dec(0)),
        ...(leg.feeCurrency ? { fee_currency: leg.feeCurrency } : {}),
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
        ...(leg.pricedAtClose ? { priced_at_close: true as const } : {}),
        transaction: t,
        duplicate_key: duplicateKey(t.date, t.type, leg.symbol, t.quantity, t.price_per_coin),
        ...(leg.outsideRef ? { outside_ref: leg.outsideRef } : {}),
        warnings: leg.warnings ?? [],
      });
    }
    this.rows.push(...built);
  }

  /** A trade's legs, or the reason it cannot be recorded as transactions. */
  addTrade(line: number, trade: Trade): void {
    const legs = tradeLegs(trade);
    if ('error' in legs) this.error(line, 'fee', legs.error);
    else this.add(line, legs);
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
  price: string | null,
): string {
  const second = new Date(date).toISOString().slice(0, 19);
  // An unknown price keys as empty, as the export writes it.
  const stated = price === null ? '' : new Dec(price).toFixed();
  return [second, type, symbol.toUpperCase(), new Dec(quantity).toFixed(), stated].join('|');
}

/**
 * The keys of a stored row as a file may have it: exports and APIs stamp the same record up to
 * a couple of seconds apart (order time against fill time, rounding), so each second of that
 * span counts.
 */
export function duplicateKeysNear(
  date: string,
  type: string,
  symbol: string,
  quantity: string,
  price: string | null,
  seconds = 2,
): string[] {
  const at = new Date(date).getTime();
  const keys: string[] = [];
  for (let s = -seconds; s <= seconds; s++) {
    keys.push(duplicateKey(new Date(at + s * 1000).toISOString(), type, symbol, quantity, price));
  }
  return keys;
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
 * itself, so converting its price to the portfolio currency values it correctly).
 *
 * A fee paid in a third asset (BNB on an ETH/USDT trade) stays on the trade's leg with its own
 * `fee_currency`, which the books value at that asset's close (fiat: rate) of the day. A coin
 * paid as a fee also leaves the holding, and paying with a coin is a disposal of it at its
 * market value (US, UK, DE practice): so it adds a sale of that coin (`pricedAtClose`), which
 * the server prices at the same close. The fee's value then counts once as the trade's cost (or
 * against its proceeds) and once as the sale's proceeds, so capital is unchanged and the fee
 * coin realizes its own gain or loss against its cost.
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
  /** The exchange's own id of the trade, given to each of its legs. */
  ref?: string;
}

export function tradeLegs(t: Trade): Leg[] | { error: string } {
  const legs = tradeLegsWithoutRef(t);
  if ('error' in legs || t.ref === undefined) return legs;
  const outsideRef = t.ref;
  return legs.map((leg) => ({ ...leg, outsideRef }));
}

function tradeLegsWithoutRef(t: Trade): Leg[] | { error: string } {
  if (t.baseQuantity.isZero()) throw new Error(`${t.base} quantity is zero`);
  const price = t.quoteQuantity.div(t.baseQuantity);
  let baseFee = new Dec(0);
  let quoteFee = new Dec(0);
  const other = new Map<string, Dec>();
  for (const fee of t.fees) {
    if (fee.amount.isZero()) continue;
    if (fee.asset === t.base) baseFee = baseFee.add(fee.amount);
    else if (fee.asset === t.quote) quoteFee = quoteFee.add(fee.amount);
    else other.set(fee.asset, (other.get(fee.asset) ?? new Dec(0)).add(fee.amount));
  }
  const [third, ...more] = [...other];
  // One transaction holds one fee in one currency: two of them cannot be recorded faithfully.
  if (third && (more.length > 0 || !baseFee.isZero() || !quoteFee.isZero())) {
    const paid = [
      ...(baseFee.isZero() ? [] : [t.base]),
      ...(quoteFee.isZero() ? [] : [t.quote]),
      ...other.keys(),
    ];
    return {
      error: `Fees paid in ${paid.join(' and ')} on one trade: a transaction holds a fee in one currency; enter this trade by hand`,
    };
  }
  const feeCurrency = third ? feeCurrencySchema.safeParse(third[0]) : null;
  if (third && !feeCurrency?.success) {
    return {
      error: `Fee paid in ${third[0]}: a fee can be recorded in a currency or coin of 3 to 5 letters`,
    };
  }
  const legs: Leg[] = [];
  if (third && !isFiat(third[0])) {
    legs.push({
      symbol: third[0],
      type: 'sell',
      quantity: third[1],
      price: new Dec(1),
      date: t.date,
      note: `Fee paid in ${third[0]}: ${t.note}`,
      priceCurrency: third[0],
      pricedAtClose: true,
      warnings: [`Fee paid in ${third[0]}: a sale of it at that day's close`],
    });
  }
  const fee = third ? third[1] : quoteFee.add(baseFee.mul(price));
  const coinQuote = !isFiat(t.quote);
  const common = {
    date: t.date,
    note: t.note,
    priceCurrency: t.quote,
    ...(feeCurrency?.success ? { feeCurrency: feeCurrency.data } : {}),
  };
  const quote = { date: t.date, note: t.note, priceCurrency: t.quote, symbol: t.quote, price: new Dec(1) };
  if (t.side === 'buy') {
    legs.unshift({
      ...common,
      symbol: t.base,
      type: 'buy',
      quantity: t.baseQuantity.sub(baseFee),
      price,
      fee,
    });
    if (coinQuote) legs.splice(1, 0, { ...quote, type: 'sell', quantity: t.quoteQuantity.add(quoteFee) });
  } else {
    legs.unshift({
      ...common,
      symbol: t.base,
      type: 'sell',
      quantity: t.baseQuantity.add(baseFee),
      price,
      fee,
    });
    if (coinQuote) {
      const received: Leg = { ...quote, type: 'buy', quantity: t.quoteQuantity.sub(quoteFee) };
      // A small sale whose fee in the coin received exceeds its proceeds: on balance the account
      // gave that coin away, a disposal of it, never a purchase of a negative quantity.
      legs.splice(1, 0, ...(received.quantity.gt(0) ? [received] : netOf(received, 'sell')));
    }
  }
  return legs;
}

/** A leg whose quantity came out zero or below: nothing, or the opposite leg of what it lacks. */
function netOf(leg: Leg, opposite: 'buy' | 'sell'): Leg[] {
  if (leg.quantity.isZero()) return [];
  return [{ ...leg, type: opposite, quantity: leg.quantity.neg(), fee: new Dec(0) }];
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
