import { type CoinCapital, type DailyHoldings, LEDGER_RULES_VERSION, type LedgerTotals } from '@app/core';

/** Stored next to each payload; a reader that finds another value recomputes instead. */
export const snapshotFormat = `1/rules-${LEDGER_RULES_VERSION}`;

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

const totalFields = [
  'coin_id',
  'quantity',
  'cost_basis',
  'average_cost',
  'realized_pnl',
  'cost_of_units_sold',
  'proceeds',
  'cost_transferred_out',
  'unknown_cost_quantity',
  'lots_without_cost',
  'disposals_with_unknown_cost',
] as const;

/** One coin's figures with the fingerprint of the transactions they were computed from. */
export interface Fingerprinted<T> {
  fingerprint: string;
  value: T;
}

/**
 * Ledger totals as JSON rows: the fingerprint, then decimal strings exactly as the engine wrote
 * them (the two counts of unknown cost are whole numbers).
 */
export function encodeTotals(coins: readonly Fingerprinted<LedgerTotals>[]): Uint8Array {
  return utf8.encode(
    JSON.stringify(coins.map((c) => [c.fingerprint, ...totalFields.map((f) => c.value[f])])),
  );
}

export function decodeTotals(payload: Uint8Array): Fingerprinted<LedgerTotals>[] {
  const parsed: unknown = JSON.parse(fromUtf8.decode(payload));
  if (!Array.isArray(parsed)) throw new Error('ledger snapshot: not a list');
  return parsed.map((row: unknown): Fingerprinted<LedgerTotals> => {
    if (!Array.isArray(row) || row.length !== totalFields.length + 1)
      throw new Error('ledger snapshot: bad row');
    const text = (i: number): string => {
      const v: unknown = row[i];
      if (typeof v !== 'string') throw new Error('ledger snapshot: bad field');
      return v;
    };
    const count = (i: number): number => {
      const v: unknown = row[i];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
        throw new Error('ledger snapshot: bad field');
      return v;
    };
    const averageCost: unknown = row[4];
    if (averageCost !== null && typeof averageCost !== 'string')
      throw new Error('ledger snapshot: bad field');
    return {
      fingerprint: text(0),
      value: {
        coin_id: text(1),
        quantity: text(2),
        cost_basis: text(3),
        average_cost: averageCost,
        realized_pnl: text(5),
        cost_of_units_sold: text(6),
        proceeds: text(7),
        cost_transferred_out: text(8),
        unknown_cost_quantity: text(9),
        lots_without_cost: count(10),
        disposals_with_unknown_cost: count(11),
      },
    };
  });
}

/**
 * Daily holdings as bytes (little-endian): coin count, then per coin its id and fingerprint
 * (u16 length + UTF-8 each), the number of change days (u32), the days (i32 each) and the
 * holdings (f64 each): one field to read back, however many transactions, not a row per change.
 */
export function encodeHoldings(holdings: ReadonlyMap<string, Fingerprinted<DailyHoldings>>): Uint8Array {
  const texts = [...holdings].map(([id, h]) => [utf8.encode(id), utf8.encode(h.fingerprint)] as const);
  let size = 4;
  let k = 0;
  for (const h of holdings.values()) {
    const [id, fingerprint] = texts[k++] ?? [];
    size += 2 + (id?.length ?? 0) + 2 + (fingerprint?.length ?? 0) + 4 + h.value.days.length * 12;
  }
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const text = (b: Uint8Array) => {
    view.setUint16(at, b.length, true);
    bytes.set(b, at + 2);
    at += 2 + b.length;
  };
  view.setUint32(at, holdings.size, true);
  at += 4;
  k = 0;
  for (const h of holdings.values()) {
    const [id, fingerprint] = texts[k++] ?? [];
    text(id ?? new Uint8Array());
    text(fingerprint ?? new Uint8Array());
    const { days, quantities } = h.value;
    const n = days.length;
    view.setUint32(at, n, true);
    at += 4;
    if (littleEndian) {
      bytes.set(new Uint8Array(days.buffer, days.byteOffset, n * 4), at);
      bytes.set(new Uint8Array(quantities.buffer, quantities.byteOffset, n * 8), at + n * 4);
      at += n * 12;
    } else {
      for (let i = 0; i < n; i++, at += 4) view.setInt32(at, days[i] ?? 0, true);
      for (let i = 0; i < n; i++, at += 8) view.setFloat64(at, quantities[i] ?? 0, true);
    }
  }
  return bytes;
}

export function decodeHoldings(payload: Uint8Array): Map<string, Fingerprinted<DailyHoldings>> {
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const out = new Map<string, Fingerprinted<DailyHoldings>>();
  let at = 0;
  const text = () => {
    const length = view.getUint16(at, true);
    const value = fromUtf8.decode(payload.subarray(at + 2, at + 2 + length));
    at += 2 + length;
    return value;
  };
  const coins = view.getUint32(at, true);
  at += 4;
  for (let c = 0; c < coins; c++) {
    const id = text();
    const fingerprint = text();
    const n = view.getUint32(at, true);
    at += 4;
    let days = new Int32Array(n);
    let quantities = new Float64Array(n);
    if (littleEndian) {
      // Copied into buffers of their own: aligned, and free of the driver's (possibly pooled) one.
      days = new Int32Array(copy(payload, at, n * 4));
      quantities = new Float64Array(copy(payload, at + n * 4, n * 8));
      at += n * 12;
    } else {
      for (let i = 0; i < n; i++, at += 4) days[i] = view.getInt32(at, true);
      for (let i = 0; i < n; i++, at += 8) quantities[i] = view.getFloat64(at, true);
    }
    out.set(id, { fingerprint, value: { days, quantities } });
  }
  if (at !== payload.byteLength) throw new Error('holdings snapshot: trailing bytes');
  return out;
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function copy(bytes: Uint8Array, from: number, length: number): ArrayBuffer {
  if (from + length > bytes.length) throw new Error('holdings snapshot: truncated');
  const out = new Uint8Array(length);
  out.set(bytes.subarray(from, from + length));
  return out.buffer;
}

/**
 * Capital days per coin as bytes (little-endian): coin count, then per coin its id and
 * fingerprint (u16 length + UTF-8 each), the number of change days (u32) and the days (i32
 * each); then every coin's costs in that order as one UTF-8 text of integers (1e-18 units)
 * separated by commas, preceded by its length (u32).
 */
export function encodeCapital(coins: ReadonlyMap<string, Fingerprinted<CoinCapital>>): Uint8Array {
  const texts = [...coins].map(([id, c]) => [utf8.encode(id), utf8.encode(c.fingerprint)] as const);
  const costs = utf8.encode([...coins.values()].flatMap((c) => c.value.costs.map(String)).join(','));
  let size = 4 + 4 + costs.length;
  let k = 0;
  for (const c of coins.values()) {
    const [id, fingerprint] = texts[k++] ?? [];
    size += 2 + (id?.length ?? 0) + 2 + (fingerprint?.length ?? 0) + 4 + c.value.days.length * 4;
  }
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const text = (b: Uint8Array) => {
    view.setUint16(at, b.length, true);
    bytes.set(b, at + 2);
    at += 2 + b.length;
  };
  view.setUint32(at, coins.size, true);
  at += 4;
  k = 0;
  for (const c of coins.values()) {
    const [id, fingerprint] = texts[k++] ?? [];
    text(id ?? new Uint8Array());
    text(fingerprint ?? new Uint8Array());
    const { days } = c.value;
    view.setUint32(at, days.length, true);
    at += 4;
    for (let i = 0; i < days.length; i++, at += 4) view.setInt32(at, days[i] ?? 0, true);
  }
  view.setUint32(at, costs.length, true);
  bytes.set(costs, at + 4);
  return bytes;
}

export function decodeCapital(payload: Uint8Array): Map<string, Fingerprinted<CoinCapital>> {
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const read: { id: string; fingerprint: string; days: Int32Array }[] = [];
  let at = 0;
  const text = () => {
    const length = view.getUint16(at, true);
    const value = fromUtf8.decode(payload.subarray(at + 2, at + 2 + length));
    at += 2 + length;
    return value;
  };
  const count = view.getUint32(at, true);
  at += 4;
  let total = 0;
  for (let c = 0; c < count; c++) {
    const id = text();
    const fingerprint = text();
    const n = view.getUint32(at, true);
    at += 4;
    const days = new Int32Array(n);
    for (let i = 0; i < n; i++, at += 4) days[i] = view.getInt32(at, true);
    read.push({ id, fingerprint, days });
    total += n;
  }
  const length = view.getUint32(at, true);
  at += 4;
  const joined = fromUtf8.decode(payload.subarray(at, at + length));
  at += length;
  if (at !== payload.byteLength) throw new Error('capital snapshot: trailing bytes');
  const costs = joined === '' ? [] : joined.split(',').map((v) => BigInt(v));
  if (costs.length !== total) throw new Error('capital snapshot: cost count');
  const out = new Map<string, Fingerprinted<CoinCapital>>();
  let from = 0;
  for (const { id, fingerprint, days } of read) {
    out.set(id, { fingerprint, value: { days, costs: costs.slice(from, from + days.length) } });
    from += days.length;
  }
  return out;
}
