import type { OversellViolation } from '@app/contracts';
import { describeOversell } from '@app/core';

/**
 * An oversell as this reader reads it: the date in the browser's locale and zone, like the
 * transaction list beside it (the server can only write UTC and say so). Without the ticker the
 * server sent, its own text stands.
 */
export function oversellText(v: OversellViolation): string {
  return v.symbol === undefined ? v.message : describeOversell(v, { symbol: v.symbol });
}
