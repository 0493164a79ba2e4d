import { z } from 'zod';

/**
 * Esplora REST bodies (Blockstream's esplora/electrs, also served by mempool.space). Amounts are
 * integer satoshis as JSON numbers; the whole supply (2.1e15 sat) fits a double exactly, so no
 * string detour is needed. Unknown fields are stripped, missing or mistyped ones fail the answer.
 */
const sats = z.number().int().nonnegative();
const count = z.number().int().nonnegative();
const hex = z.string().regex(/^[0-9a-f]*$/i, 'hex');
export const txidSchema = z.string().regex(/^[0-9a-f]{64}$/i, 'a 64-digit hex txid');

const statsSchema = z.object({
  funded_txo_count: count,
  funded_txo_sum: sats,
  spent_txo_count: count,
  spent_txo_sum: sats,
  tx_count: count,
});

/** GET /address/:address. Confirmed and mempool activity are counted apart. */
export const esploraAddressStatsSchema = z.object({
  address: z.string().min(1),
  chain_stats: statsSchema,
  mempool_stats: statsSchema,
});

/** An output as it appears in `vout` and as an input's `prevout`. No address for OP_RETURN and bare scripts. */
export const esploraOutputSchema = z.object({
  scriptpubkey: hex,
  scriptpubkey_asm: z.string().optional(),
  scriptpubkey_type: z.string().min(1),
  scriptpubkey_address: z.string().min(1).optional(),
  value: sats,
});

/** `prevout` is null for a coinbase input; `witness` is left out for inputs without one. */
export const esploraInputSchema = z.object({
  txid: txidSchema,
  vout: z.number().int().nonnegative(),
  prevout: esploraOutputSchema.nullable(),
  scriptsig: hex,
  scriptsig_asm: z.string().optional(),
  witness: z.array(hex).optional(),
  is_coinbase: z.boolean(),
  sequence: z.number().int().nonnegative(),
});

/** Block fields exist only once the transaction is confirmed. */
export const esploraTxStatusSchema = z.discriminatedUnion('confirmed', [
  z.object({
    confirmed: z.literal(true),
    block_height: z.number().int().nonnegative(),
    block_hash: z.string().regex(/^[0-9a-f]{64}$/i, 'a block hash'),
    block_time: z.number().int().nonnegative(),
  }),
  z.object({ confirmed: z.literal(false) }),
]);

export const esploraTxSchema = z.object({
  txid: txidSchema,
  version: z.number().int(),
  locktime: z.number().int().nonnegative(),
  vin: z.array(esploraInputSchema).min(1),
  vout: z.array(esploraOutputSchema).min(1),
  size: z.number().int().positive(),
  weight: z.number().int().positive(),
  fee: sats,
  status: esploraTxStatusSchema,
});

export const esploraTxListSchema = z.array(esploraTxSchema);

/** GET /blocks/tip/height answers the height as plain text, not JSON. */
export const tipHeightTextSchema = z
  .string()
  .trim()
  .regex(/^\d+$/, 'a block height')
  .transform((text) => Number(text))
  .pipe(z.number().int().nonnegative());

export type EsploraAddressStats = z.output<typeof esploraAddressStatsSchema>;
export type EsploraOutput = z.output<typeof esploraOutputSchema>;
export type EsploraInput = z.output<typeof esploraInputSchema>;
export type EsploraTxStatus = z.output<typeof esploraTxStatusSchema>;
export type EsploraTx = z.output<typeof esploraTxSchema>;
