import {
  type HeldCandidate,
  type HeldDecision,
  type HeldRecord,
  transactionTypeLabels,
} from '@app/contracts';

type Says = (value: string) => string;

/** "Buy 0.5 Bitcoin", or "Sell 0.1 Bitcoin, Buy 2 Ethereum" for a conversion. */
export function heldHeading(record: HeldRecord, quantity: Says, coinName: Says): string {
  if (record.legs.length > 0)
    return record.legs
      .map((l) => `${transactionTypeLabels[l.type]} ${quantity(l.quantity)} ${coinName(l.coin_id)}`)
      .join(', ');
  // Nothing the ledger could book was read from it yet: what the exchange names is all there is.
  const what = record.kind === 'trade' ? 'A trade' : 'A deposit or withdrawal';
  return record.detail ? `${what} (${record.detail})` : what;
}

/**
 * Where a candidate came from, so its owner can tell a CSV export of the same account (which
 * carries the exchange's own id) from a row typed by hand or another connection's row.
 */
export function candidateOrigin(candidate: HeldCandidate): string {
  if (candidate.connection_id !== null) return 'Brought by another connection';
  if (candidate.outside_ref !== null) return 'Imported from a CSV export';
  return 'Typed by hand or imported from a CSV';
}

/** What the owner said, read back while the record waits for the sync that books it. */
export const decisionText: Readonly<Record<HeldDecision, string>> = {
  same: 'You said it is already in the portfolio.',
  separate: 'You said to keep both: it is booked beside what is already here.',
};

/**
 * Several candidates for several rows: the owner ticks those that are this record. With one row
 * or one candidate, each candidate is decided by its own button.
 */
export const choosesSeveral = (record: HeldRecord): boolean =>
  record.legs.length > 1 && record.candidates.length > 1;
