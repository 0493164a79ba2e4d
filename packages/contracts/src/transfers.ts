import { z } from 'zod';
import { decimalOut } from './decimal-strings.ts';
import { transferMatchReasons, transferMessages, transferSourceKinds } from './transfer-constants.ts';

/* The Transfers view: withdrawals and deposits across every portfolio, matched or not. */

export const transferSourceSchema = z.object({
  kind: z.enum(transferSourceKinds),
  /** The connection that brought the row; null for CSV and hand-entered rows, or once deleted. */
  connection_id: z.uuid().nullable(),
  /** The connection's label, as its owner named it; null without a connection. */
  label: z.string().nullable(),
});
export type TransferSource = z.infer<typeof transferSourceSchema>;

/** One withdrawal (`out`, a transfer_out) or deposit (`in`, a transfer_in). */
export const transferMovementSchema = z.object({
  transaction_id: z.uuid(),
  portfolio_id: z.uuid(),
  portfolio_name: z.string(),
  coin_id: z.string(),
  direction: z.enum(['out', 'in']),
  quantity: decimalOut,
  executed_at: z.string(),
  /** The on-chain transaction id when the row's source tells it; null otherwise. */
  tx_hash: z.string().nullable(),
  source: transferSourceSchema,
});
export type TransferMovementOut = z.infer<typeof transferMovementSchema>;

export const transferPairSchema = z.object({
  out: transferMovementSchema,
  in: transferMovementSchema,
  reason: z.enum(transferMatchReasons),
  /** out − in in the coin: what the network kept, booked as a disposal. */
  network_fee: decimalOut,
  /** From the withdrawal to the deposit, to 0.01 h; negative when the deposit is stamped earlier. */
  hours_apart: z.number(),
});
export type TransferPair = z.infer<typeof transferPairSchema>;

/** A movement that fits several counterparts (or one that fits others too): the owner picks. */
export const transferAmbiguitySchema = z.object({
  movement: transferMovementSchema,
  candidates: z.array(transferMovementSchema),
});
export type TransferAmbiguity = z.infer<typeof transferAmbiguitySchema>;

/**
 * Every transfer of the user. `matched` (by transaction id, confirmed, or by hand) and `proposed`
 * (the window rule) are applied to the books: lots and acquisition dates move, the network fee
 * is a disposal. `ambiguous` and `unmatched` movements are not.
 */
export const transfersResponseSchema = z.object({
  matched: z.array(transferPairSchema),
  proposed: z.array(transferPairSchema),
  ambiguous: z.array(transferAmbiguitySchema),
  unmatched: z.array(transferMovementSchema),
});
export type TransfersResponse = z.infer<typeof transfersResponseSchema>;

/** A withdrawal and a deposit, for confirm, undo and match by hand. */
export const transferPairBodySchema = z
  .object({
    out_id: z.uuid({ error: transferMessages.outNotFound }),
    in_id: z.uuid({ error: transferMessages.inNotFound }),
  })
  .strict();
export type TransferPairBody = z.infer<typeof transferPairBodySchema>;
