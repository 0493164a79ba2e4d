import type { HeldRecord } from '@app/contracts';
import { HeldRecordItem } from './held-record';

/**
 * What an exchange sync read but did not book, at the head of what waits for its owner: possible
 * duplicates of rows already in the portfolio, to decide, and records that wait for a price, a
 * coin or their other half.
 */
export function HeldList({
  connectionId,
  exchangeName,
  records,
  currency,
}: {
  connectionId: string;
  exchangeName: string;
  records: readonly HeldRecord[];
  currency: string;
}) {
  return (
    <>
      <p className="mb-3 text-sm text-muted">
        Records {exchangeName} gave that no sync has booked yet. Say whether each possible duplicate is
        already here; the others are booked by themselves once what they wait for arrives.
      </p>
      <ul className="grid gap-3" aria-label="Records not booked yet">
        {records.map((r) => (
          <li key={r.key}>
            <HeldRecordItem
              connectionId={connectionId}
              exchangeName={exchangeName}
              record={r}
              currency={currency}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
