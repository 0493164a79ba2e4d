import {
  connectionRecordMessages,
  type HeldCandidate,
  type HeldLeg,
  type HeldRecord,
  heldDecideBodySchema,
} from '@app/contracts';
import { envelope, json } from '@/test/fake-fetch';

/*
 * The held records of an exchange connection in the component tests' fake server, and their
 * decision as the server makes it: checked by the contract, then against the record and its
 * candidates, the decision kept on the record until a sync books it.
 */

/** Transactions already in the portfolio that a held record may be. */
export const heldIds = {
  csvRow: '00000000-0000-4000-8000-0000000000f1',
  handRow: '00000000-0000-4000-8000-0000000000f2',
  otherConnectionRow: '00000000-0000-4000-8000-0000000000f3',
} as const;

const heldAt = '2024-02-01T12:30:00.000Z';

export function heldLeg(over: Partial<HeldLeg> = {}): HeldLeg {
  return {
    type: 'buy',
    coin_id: 'bitcoin',
    quantity: '0.5',
    price_per_coin: '42000',
    executed_at: heldAt,
    ...over,
  };
}

export function heldCandidate(over: Partial<HeldCandidate> = {}): HeldCandidate {
  return {
    transaction_id: heldIds.csvRow,
    type: 'buy',
    coin_id: 'bitcoin',
    quantity: '0.5',
    price_per_coin: '42000',
    executed_at: heldAt,
    outside_ref: 'TQ2L5X-ABCDE-FGHIJK',
    connection_id: null,
    ...over,
  };
}

/** A trade the exchange gave that a CSV row, or a row typed by hand, may already be. */
export function heldRecord(over: Partial<HeldRecord> = {}): HeldRecord {
  return {
    key: 'trade:XBTUSD:TQ2L5X-ABCDE-FGHIJK',
    kind: 'trade',
    reason: 'possible_duplicate',
    explanation: connectionRecordMessages.reasons.possible_duplicate,
    detail: 'XBT/USD',
    executed_at: heldAt,
    outside_ref: 'TQ2L5X-ABCDE-FGHIJK',
    legs: [heldLeg()],
    candidates: [
      heldCandidate(),
      heldCandidate({ transaction_id: heldIds.handRow, outside_ref: null, price_per_coin: '41950' }),
    ],
    decision: null,
    ...over,
  };
}

const invalid = (fields: Record<string, string[]>) =>
  envelope(400, 'validation_error', 'validation', 'Please check your input and try again', { fields });

/** Answers a decide request against the connection's held records, keeping the decision on the record. */
export function decideHeld(records: HeldRecord[], raw: Record<string, unknown>): Response {
  const parsed = heldDecideBodySchema.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'body');
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    return invalid(fields);
  }
  const index = records.findIndex((r) => r.key === parsed.data.key);
  const record = records[index];
  if (!record) return envelope(409, 'conflict', 'business', connectionRecordMessages.notHeld);
  if (record.reason !== 'possible_duplicate')
    return envelope(409, 'conflict', 'business', connectionRecordMessages.notDuplicate);
  if (parsed.data.decision === 'same') {
    const known = new Set(record.candidates.map((c) => c.transaction_id));
    if (parsed.data.transaction_ids.some((t) => !known.has(t)))
      return invalid({ transaction_ids: [connectionRecordMessages.notCandidate] });
  }
  const decided = { ...record, decision: parsed.data.decision };
  records[index] = decided;
  return json(decided, 202);
}
