import { marketMessages } from '@app/contracts';

export type RequiredIdResult = { ok: true; value: string } | { ok: false; message: string };

function check(value: unknown, message: string): RequiredIdResult {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, message };
  return { ok: true, value: value.trim() };
}

/** Required ids: coin detail, chart, social and OHLC calls need an id. */
export function requireCoinId(value: unknown): RequiredIdResult {
  return check(value, marketMessages.coinIdRequired);
}

/** Price-change lookups by symbol. */
export function requireSymbol(value: unknown): RequiredIdResult {
  return check(value, marketMessages.symbolRequired);
}

/** Generic id (watchlists, items). */
export function requireId(value: unknown): RequiredIdResult {
  return check(value, marketMessages.idRequired);
}
