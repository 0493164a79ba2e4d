import { marketMessages } from '@app/contracts';

export type RequiredIdResult = { ok: true; value: string } | { ok: false; message: string };

function check(value: unknown, message: string): RequiredIdResult {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, message };
  return { ok: true, value: value.trim() };
}

/** Spec §5 "Required ids": coin detail, chart, social and OHLC calls need an id. */
export function requireCoinId(value: unknown): RequiredIdResult {
  return check(value, marketMessages.coinIdRequired);
}

/** Spec §5: price-change lookups by symbol. */
export function requireSymbol(value: unknown): RequiredIdResult {
  return check(value, marketMessages.symbolRequired);
}

/** Spec §5: generic id (watchlists, items). */
export function requireId(value: unknown): RequiredIdResult {
  return check(value, marketMessages.idRequired);
}
