import { z } from 'zod';
import {
  bitcoinScriptTypes,
  connectionChains,
  connectionKinds,
  connectionLabelMaxLength,
  connectionStates,
  evmChainNames,
  gapLimitBounds,
} from './connection-constants.ts';
import { connectionMessages as m } from './connection-messages.ts';
import { entityIdSchema } from './entity-ids.ts';
import { exchangeIds } from './exchange-names.ts';

/*
 * Wallet connections: the bodies that create and edit one, and what a response shows of it. The
 * shapes are checked here; whether a key or address is real (its checksum, its network) is
 * decided by core's wallet validators, which the server runs on these bodies.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/** Longer than any extended key (111 characters) or address (90 for bech32), short enough to bound work. */
const keyMaxLength = 200;

export const connectionKindSchema = z.enum(connectionKinds);
export const evmChainNameSchema = z.enum(evmChainNames);
export const connectionChainSchema = z.enum(connectionChains);
export const bitcoinScriptTypeSchema = z.enum(bitcoinScriptTypes);
export const connectionStateSchema = z.enum(connectionStates);

export const connectionLabelSchema = z
  .string()
  .trim()
  .min(1, m.labelRequired)
  .max(connectionLabelMaxLength, m.labelTooLong);

export const gapLimitSchema = z
  .number({ error: m.gapLimitRange })
  .int(m.gapLimitRange)
  .min(gapLimitBounds.min, m.gapLimitRange)
  .max(gapLimitBounds.max, m.gapLimitRange);

/** A form sends both fields and leaves one blank: blank counts as not given. */
function optionalText(maxLength: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(maxLength, tooLong)
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

export const bitcoinConnectionCreateBodySchema = z
  .object({
    kind: z.literal('bitcoin'),
    portfolio_id: entityIdSchema,
    label: connectionLabelSchema,
    xpub: optionalText(keyMaxLength, m.keyLength),
    // As long as a key: a key pasted here gets core's "this is a key" answer, not "too long".
    address: optionalText(keyMaxLength, m.addressInvalid),
    /** Only with an xpub; a ypub or zpub names its own (core refuses a different one). */
    script_type: bitcoinScriptTypeSchema.optional(),
    /** Used with an extended key; a single address has no gap to search, so the server ignores it there. */
    gap_limit: gapLimitSchema.default(gapLimitBounds.default),
  })
  .superRefine((body, ctx) => {
    if (body.xpub === undefined && body.address === undefined) {
      ctx.addIssue({ code: 'custom', path: ['xpub'], message: m.bitcoinSourceMissing });
    }
    if (body.xpub !== undefined && body.address !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: m.bitcoinSourceBoth });
    }
    if (body.script_type !== undefined && body.xpub === undefined) {
      ctx.addIssue({ code: 'custom', path: ['script_type'], message: m.scriptTypeNeedsKey });
    }
  });
export type BitcoinConnectionCreateBody = z.infer<typeof bitcoinConnectionCreateBodySchema>;

/** The shape only; core's EIP-55 check decides whether mixed capitals are a typo. */
export const evmAddressSchema = z
  .string()
  .trim()
  .min(1, m.evmEmpty)
  .regex(/^0x[0-9a-fA-F]{40}$/, m.evmInvalid);

export const evmConnectionCreateBodySchema = z.object({
  kind: z.literal('evm'),
  portfolio_id: entityIdSchema,
  label: connectionLabelSchema,
  address: evmAddressSchema,
  chains: z
    .array(evmChainNameSchema)
    .min(1, m.chainsRequired)
    .refine((chains) => new Set(chains).size === chains.length, m.chainsUnique),
});
export type EvmConnectionCreateBody = z.infer<typeof evmConnectionCreateBodySchema>;

export const exchangeIdSchema = z.enum(exchangeIds);

/** Longer than any key or secret the supported exchanges issue (a Coinbase private key is ~230). */
const credentialMaxLength = 4000;

function credential(label: string) {
  return z
    .string({ error: m.exchangeKeyEmpty(label) })
    .trim()
    .min(1, m.exchangeKeyEmpty(label))
    .max(credentialMaxLength, m.exchangeKeyTooLong(label));
}

/**
 * An exchange account, read with an API key. Whether the exchange needs a passphrase, and whether
 * the key may withdraw, is decided by the server per exchange; `allow_withdrawal` is the owner's
 * answer to "this key can withdraw: use it anyway?".
 */
export const exchangeConnectionCreateBodySchema = z.object({
  kind: z.literal('exchange'),
  portfolio_id: entityIdSchema,
  label: connectionLabelSchema,
  exchange: exchangeIdSchema,
  api_key: credential('API key'),
  api_secret: credential('secret'),
  passphrase: optionalText(credentialMaxLength, m.exchangeKeyTooLong('passphrase')),
  allow_withdrawal: z.boolean().default(false),
});
export type ExchangeConnectionCreateBody = z.infer<typeof exchangeConnectionCreateBodySchema>;

export const connectionCreateBodySchema = z.discriminatedUnion('kind', [
  bitcoinConnectionCreateBodySchema,
  evmConnectionCreateBodySchema,
  exchangeConnectionCreateBodySchema,
]);
export type ConnectionCreateBody = z.infer<typeof connectionCreateBodySchema>;

/**
 * PATCH: only what can change without starting over. A different key, address or chain is a
 * different connection (its history and outside ids would not match), so it is created anew.
 */
export const connectionUpdateBodySchema = z
  .object({
    label: connectionLabelSchema.optional(),
    gap_limit: gapLimitSchema.optional(),
  })
  .strict();
export type ConnectionUpdateBody = z.infer<typeof connectionUpdateBodySchema>;

export const connectionProgressSchema = z.object({
  addresses_scanned: z.number().int().nonnegative(),
  transactions_found: z.number().int().nonnegative(),
});
export type ConnectionProgress = z.infer<typeof connectionProgressSchema>;

/** What a response shows of a connection: the key or address only as `masked`, never whole. */
export const connectionSchema = z.object({
  id: entityIdSchema,
  kind: connectionKindSchema,
  portfolio_id: entityIdSchema,
  label: z.string(),
  masked: z.string(),
  chains: z.array(connectionChainSchema),
  /** Null for a single address and for EVM connections. */
  script_type: bitcoinScriptTypeSchema.nullable(),
  /** Null where there is no gap to search: a single address, an EVM connection. */
  gap_limit: z.number().int().nullable(),
  state: connectionStateSchema,
  progress: connectionProgressSchema,
  last_synced_at: isoDateTime.nullable(),
  next_sync_at: isoDateTime.nullable(),
  error_message: z.string().nullable(),
  /** The exchange an exchange connection reads; null for wallets. */
  exchange: exchangeIdSchema.nullable(),
  /** What the exchange says its key may do, where it lets us tell (null: it does not say). */
  key_permissions: z
    .object({ can_trade: z.boolean().nullable(), can_withdraw: z.boolean().nullable() })
    .nullable(),
  /** The first day the exchange's API gave history for, when it looks back only so far. */
  history_from: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionListResponseSchema = z.object({
  results: z.array(connectionSchema),
  count: z.number().int().nonnegative(),
});
export type ConnectionListResponse = z.infer<typeof connectionListResponseSchema>;
