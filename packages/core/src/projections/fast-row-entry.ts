import type { DecimalLike } from './numbers.ts';
import type { SellRow } from './rows.ts';
import { outOfDomain, type Parsed, parseScaled, pow10, type Scaled } from './scaled.ts';

export const zero: Scaled = { coef: 0n, scale: 0 };
export const isNumber = (p: Parsed): p is Scaled => p !== null && p !== outOfDomain;
export const isPositive = (p: Parsed): p is Scaled => isNumber(p) && p.coef > 0n;

/** A float close to |value|: enough to bound magnitudes, never used for a figure. */
export function magnitude(p: Parsed): number {
  if (!isNumber(p)) return 0;
  return p.approx ?? Math.abs(Number(p.coef)) / 10 ** p.scale;
}

const cacheLimit = 20_000;

const widen = (coef: bigint, places: number) => (places === 0 ? coef : coef * pow10(places));

/** A row's figures that follow from its price (and impact) and the market alone. */
export interface PriceFigures {
  pricePerCoin: string;
  effective: Scaled | null;
  effectivePrice: string;
  impliedMarketCap: string | null;
  priceVsCurrent: string | null;
  priceVsAth: string | null;
}

export interface FieldParser {
  get(value: DecimalLike): Parsed;
}

const direct: FieldParser = { get: parseScaled };

/** Typed text repeats from one keystroke to the next: parse each string once. */
export class TextCache implements FieldParser {
  private readonly parsed = new Map<string, Parsed>();

  get(value: DecimalLike): Parsed {
    if (typeof value !== 'string') return parseScaled(value);
    let p = this.parsed.get(value);
    if (p === undefined) {
      if (this.parsed.size >= cacheLimit) this.parsed.clear();
      p = parseScaled(value);
      this.parsed.set(value, p);
    }
    return p;
  }
}

/**
 * One row's parsed fields, kept while the row object holds the same values (the table
 * replaces an edited row and keeps the others), with its coefficients widened to the
 * scales of the last calculation.
 */
export class RowEntry {
  /** A field lies outside the scaled domain: the reference must answer. */
  readonly outside: boolean;
  /** Coins and price are both above zero: the row enters the sums. */
  readonly counted: boolean;
  readonly coins: Scaled;
  readonly price: Scaled | null;
  /** Null when blank, not a number or 0: the reference then adds no fee. */
  readonly fee: Scaled | null;
  readonly impact: Parsed;
  /** |coins × price| and |fee %| / 100 as floats, for the no-rounding bound. */
  readonly grossMagnitude: number;
  readonly feeMagnitude: number;
  // The values parsed, to notice a row object changed in place.
  private readonly texts: readonly DecimalLike[];
  private coinsAt = -1;
  private coinsWide = 0n;
  private priceAt = -1;
  private priceWide = 0n;
  private feeAt = -1;
  private feeWide = 0n;
  private priceFiguresKey: object | null = null;
  private priceFiguresMemo: PriceFigures | null = null;

  constructor(
    readonly source: SellRow,
    cache: FieldParser,
  ) {
    this.texts = [
      source.coins_sold,
      source.price_per_coin,
      source.fees_percentage,
      source.price_impact_percentage,
    ];
    const c = cache.get(source.coins_sold);
    const p = cache.get(source.price_per_coin);
    const f = cache.get(source.fees_percentage);
    this.impact = cache.get(source.price_impact_percentage);
    this.outside = c === outOfDomain || p === outOfDomain || f === outOfDomain || this.impact === outOfDomain;
    this.coins = isPositive(c) ? c : zero;
    this.price = isPositive(p) ? p : null;
    this.counted = isPositive(c) && this.price !== null;
    this.fee = isNumber(f) && f.coef !== 0n ? f : null;
    this.grossMagnitude = this.counted ? magnitude(c) * magnitude(p) : 0;
    this.feeMagnitude = magnitude(this.fee) / 100;
  }

  matches(row: SellRow): boolean {
    const t = this.texts;
    return (
      t[0] === row.coins_sold &&
      t[1] === row.price_per_coin &&
      t[2] === row.fees_percentage &&
      t[3] === row.price_impact_percentage
    );
  }

  coinsAtScale(scale: number): bigint {
    if (this.coinsAt !== scale) {
      this.coinsWide = widen(this.coins.coef, scale - this.coins.scale);
      this.coinsAt = scale;
    }
    return this.coinsWide;
  }

  priceAtScale(scale: number): bigint {
    if (this.priceAt !== scale) {
      this.priceWide = widen(this.price?.coef ?? 0n, scale - (this.price?.scale ?? 0));
      this.priceAt = scale;
    }
    return this.priceWide;
  }

  /** Price figures for one market (the key changes when supply, current price or ATH do). */
  priceFigures(market: object, make: (entry: RowEntry) => PriceFigures): PriceFigures {
    if (this.priceFiguresKey !== market || this.priceFiguresMemo === null) {
      this.priceFiguresMemo = make(this);
      this.priceFiguresKey = market;
    }
    return this.priceFiguresMemo;
  }

  /** The fee rate (fee % × 0.01, exact) widened so gross × it lands on `scale` more places. */
  feeAtScale(scale: number): bigint {
    if (this.feeAt !== scale) {
      this.feeWide = widen(this.fee?.coef ?? 0n, scale - (this.fee?.scale ?? 0) - 2);
      this.feeAt = scale;
    }
    return this.feeWide;
  }
}

/**
 * Row entries, cached by row object when `remember` (a live table: rows are read, never
 * mutated, and an edit replaces one row), or made afresh (a one-off: caching costs more
 * than it saves).
 */
export class RowEntries {
  private readonly text: FieldParser;
  private readonly byRow: WeakMap<SellRow, RowEntry> | null;

  constructor(remember: boolean) {
    this.text = remember ? new TextCache() : direct;
    this.byRow = remember ? new WeakMap() : null;
  }

  get(row: SellRow): RowEntry {
    if (this.byRow === null) return new RowEntry(row, this.text);
    let entry = this.byRow.get(row);
    if (entry === undefined || !entry.matches(row)) {
      entry = new RowEntry(row, this.text);
      this.byRow.set(row, entry);
    }
    return entry;
  }
}
