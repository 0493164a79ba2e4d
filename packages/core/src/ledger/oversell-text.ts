import type { OversellViolation, oversellLeadKeys } from '@app/contracts';
import { formatDateTime } from '../format-date.ts';
import { formatQuantity } from '../format-quantity.ts';

export type OversellLead = (typeof oversellLeadKeys)[number];

/** What a message says before the oversell itself, by which row the write starves. */
export const oversellLeads: Record<OversellLead, string> = {
  /** The row being written is the one that oversells. */
  self: '',
  /** The edit leaves a later row of the timeline without enough coins. */
  later: 'A later transaction would oversell: ',
  /** Deleting the row leaves a later one without enough coins. */
  delete: 'Deleting it would oversell a later transaction: ',
  /** An import would starve a row already stored. */
  stored: 'A stored transaction would oversell: ',
};

export interface OversellReader {
  /** The coin as people know it, as shown: the market's ticker ("BTC"). */
  symbol: string;
  /** The reader's locale for the date; the runtime's (the browser's) when absent. */
  locale?: string | undefined;
  /**
   * The zone the date is read in, named after it ("… 10:00 UTC"): the server's text says 'UTC'
   * because it does not know the reader's zone. Absent, the reader's own zone, unnamed.
   */
  timeZone?: string | undefined;
}

/**
 * "Only 0.5 BTC held on Mar 1, 2024, 12:00 AM UTC; this sell needs 0.8." Quantities are exact
 * (up to 18 decimals, no float noise) in the app's one number style, like every figure next to
 * the message; the date follows the reader's locale. One function for the server's text and the
 * client's, so the two say the same thing.
 */
export function describeOversell(
  v: Pick<OversellViolation, 'type' | 'executed_at' | 'requested' | 'available'>,
  reader: OversellReader,
  lead: OversellLead = 'self',
): string {
  const when = formatDateTime(v.executed_at, reader.locale, reader.timeZone);
  const zone = reader.timeZone === undefined ? '' : ` ${reader.timeZone}`;
  const action = v.type === 'sell' ? 'sell' : 'transfer out';
  return `${oversellLeads[lead]}Only ${formatQuantity(v.available, 'en-US', 18)} ${reader.symbol} held on ${when}${zone}; this ${action} needs ${formatQuantity(v.requested, 'en-US', 18)}.`;
}
