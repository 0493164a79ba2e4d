import { z } from 'zod';
import { decimalOut } from './decimal-strings.ts';
import { entityIdSchema } from './entity-ids.ts';
import { transactionTypeSchema } from './transaction.ts';

/*
 * What an exchange sync read but did not book: records that wait for a price or a coin, and
 * records that may already be in the portfolio (a CSV export of the same account, rows typed by
 * hand), which wait for their owner to say whether they are the same.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/** Paths under the `/api` base. */
export const connectionRecordRoutes = {
  held: '/v2/connections/:id/held/',
  decide: '/v2/connections/:id/held/decide/',
} as const;

export const heldReasons = [
  'possible_duplicate',
  'no_price',
  'unknown_asset',
  'unrecordable',
  'incomplete',
] as const;
export const heldReasonSchema = z.enum(heldReasons);
export type HeldReason = z.infer<typeof heldReasonSchema>;

export const heldDecisions = ['same', 'separate'] as const;
export const heldDecisionSchema = z.enum(heldDecisions);
export type HeldDecision = z.infer<typeof heldDecisionSchema>;

export const connectionRecordMessages = {
  notHeld: 'This record is no longer waiting: a sync has booked it.',
  notDuplicate:
    'Only a record held as a possible duplicate is decided this way; the others wait for what they name.',
  notCandidate: 'Choose among the transactions this record may duplicate.',
  chooseRows: 'Choose the transaction this record is.',
  keyEmpty: 'Name the record to decide.',
  /** In words, why a record waits. */
  reasons: {
    possible_duplicate:
      'May already be in this portfolio: say whether it is the same as the transaction shown.',
    no_price: 'Waits for a price: there is no close for its day in the portfolio’s currency yet.',
    unknown_asset: 'Waits for its coin: the exchange names an asset no coin is known for.',
    unrecordable: 'Cannot be booked: the exchange gave too little to book it (no quantity or no coin).',
    incomplete: 'Waits for its other half: the exchange has given only one side of this conversion so far.',
  },
} as const;

/** A row a record would book: what the exchange says, as the ledger would read it. */
export const heldLegSchema = z.object({
  type: transactionTypeSchema,
  coin_id: z.string(),
  quantity: decimalOut,
  /** Null on a coin deposit, whose cost the exchange does not know. */
  price_per_coin: decimalOut.nullable(),
  executed_at: isoDateTime,
});
export type HeldLeg = z.infer<typeof heldLegSchema>;

/** A transaction already in the portfolio that a held record may be. */
export const heldCandidateSchema = z.object({
  transaction_id: entityIdSchema,
  type: transactionTypeSchema,
  coin_id: z.string(),
  quantity: decimalOut,
  price_per_coin: decimalOut.nullable(),
  executed_at: isoDateTime,
  /** The exchange's own id, when the row carries one (a CSV export's). */
  outside_ref: z.string().nullable(),
  /** Another connection brought it (the account connected twice); null for rows typed or imported. */
  connection_id: entityIdSchema.nullable(),
});
export type HeldCandidate = z.infer<typeof heldCandidateSchema>;

export const heldRecordSchema = z.object({
  /** The connection's own name for the record: `trade:<market>:<id>` or `movement:<id>`. */
  key: z.string(),
  kind: z.enum(['trade', 'movement']),
  reason: heldReasonSchema,
  /** Why it waits, in words (`connectionRecordMessages.reasons`). */
  explanation: z.string(),
  /** What the record's detail names: a currency pair for a price, an asset, a conversion's id. */
  detail: z.string(),
  executed_at: isoDateTime,
  /** The exchange's id for it, as a CSV export of the same account writes it. */
  outside_ref: z.string().nullable(),
  /** The rows it would book; empty when it cannot be turned into rows yet. */
  legs: z.array(heldLegSchema),
  /** For a possible duplicate: the transactions it may be. */
  candidates: z.array(heldCandidateSchema),
  /** What its owner decided, until the next sync books it. */
  decision: heldDecisionSchema.nullable(),
});
export type HeldRecord = z.infer<typeof heldRecordSchema>;

export const heldRecordListSchema = z.object({
  results: z.array(heldRecordSchema),
  count: z.number().int().nonnegative(),
});
export type HeldRecordList = z.infer<typeof heldRecordListSchema>;

/**
 * `same`: the record is the transactions named (each of its rows takes one of them, which then
 * carry the connection's source; a row with none is booked). `separate`: it is another record,
 * booked beside them.
 */
export const heldDecideBodySchema = z.discriminatedUnion(
  'decision',
  [
    z
      .object({
        key: z
          .string({ error: connectionRecordMessages.keyEmpty })
          .min(1, connectionRecordMessages.keyEmpty)
          .max(300),
        decision: z.literal('same'),
        transaction_ids: z
          .array(entityIdSchema, { error: connectionRecordMessages.chooseRows })
          .min(1, connectionRecordMessages.chooseRows)
          .max(20),
      })
      .strict(),
    z
      .object({
        key: z
          .string({ error: connectionRecordMessages.keyEmpty })
          .min(1, connectionRecordMessages.keyEmpty)
          .max(300),
        decision: z.literal('separate'),
      })
      .strict(),
  ],
  {
    error:
      'Say whether the record is the same as a transaction already here (same) or another one (separate).',
  },
);
export type HeldDecideBody = z.infer<typeof heldDecideBodySchema>;
