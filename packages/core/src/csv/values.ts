import { Dec } from '../decimal.ts';

export interface ParsedAmount {
  /** Signed, exact (Dec keeps every digit; rounding to 18 places happens when a row is built). */
  value: Dec;
  /** A unit glued to the number: an asset code ('ADA' in '2500ADA'), 'USDT/CAD', or a symbol ('€'). */
  unit: string | null;
}

/**
 * Exchange number cells: '€3343.11', '-€597.49846', '$70.00', '"2,500.00ADA"', '500.00 CAD',
 * '1.30771315 USDT/CAD', '-3.605E-05'. Commas are thousands separators (no export we support
 * writes decimal commas). Empty → null; anything else unreadable → undefined.
 */
export function parseAmount(raw: string | undefined): ParsedAmount | null | undefined {
  const text = (raw ?? '').trim();
  if (text === '') return null;
  const m =
    /^([+-]?)\s*([^\d\s.,+-]{0,3})\s*([+-]?)\s*((?:\d[\d,]*)?\.?\d+(?:[eE][+-]?\d+)?)\s*([A-Za-z][A-Za-z0-9./]*)?$/.exec(
      text,
    );
  if (!m) return undefined;
  const [, sign1 = '', symbol = '', sign2 = '', digits = '', suffix] = m;
  if (sign1 && sign2) return undefined;
  const sign = sign1 || sign2;
  let value: Dec;
  try {
    value = new Dec(`${sign === '-' ? '-' : ''}${digits.replaceAll(',', '')}`);
  } catch {
    return undefined;
  }
  return { value, unit: suffix ?? (symbol === '' ? null : symbol) };
}

const dateTime =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i;

/**
 * Dates as exchanges write them: ISO 8601 ('2020-09-27T18:36:58Z'), '2025-01-17 16:57:02 UTC',
 * '2024-01-15 10:30:45.1234' (Kraken), '2020-10-28 22:03:03' (Binance). A time without a zone is
 * UTC: every export we support writes UTC. Returns a canonical ISO string (ms precision) or null.
 */
export function parseCsvDate(raw: string | undefined): string | null {
  const m = dateTime.exec((raw ?? '').trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m;
  const ms = `${frac}000`.slice(0, 3);
  const offset = /^(Z|UTC|GMT)$/i.test(zone)
    ? 'Z'
    : zone.length === 5
      ? `${zone.slice(0, 3)}:${zone.slice(3)}`
      : zone;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}${offset}`;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  // Reject rollovers such as 2024-02-30 that Date would silently move to March.
  if (offset === 'Z' && at.toISOString().slice(0, 10) !== `${y}-${mo}-${d}`) return null;
  return at.toISOString();
}
