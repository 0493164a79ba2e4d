import { z } from 'zod';
import { connectionChainSchema, evmChainNameSchema } from './connections.ts';
import { decimalOut, decimalString } from './decimal-strings.ts';
import { coinIdSchema, entityIdSchema } from './entity-ids.ts';
import { storedIdSchema } from './entity-params.ts';
import { rewardKindSchema } from './transaction.ts';
import { transactionClassifications } from './transaction-constants.ts';

/*
 * What a connection's sync leaves for its owner: the reconciliation of the ledger against the
 * chain, the tokens no coin is known for, and the classification of what came in or went out.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/** Paths under the `/api` base that act on one connection or on one row a connection brought. */
export const connectionSyncRoutes = {
  sync: '/v2/connections/:id/sync/',
  reconciliation: '/v2/connections/:id/reconciliation/',
  tokens: '/v2/connections/:id/tokens/',
  token: '/v2/connections/:id/tokens/:tokenId/',
  classify: '/v2/transactions/:id/classify/',
  /** The rows one connection brought, newest first; `waiting=true` keeps those still received/sent. */
  transactions: '/v2/connections/:id/transactions/',
} as const;

export const connectionTransactionsQuerySchema = z.object({
  waiting: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});
export type ConnectionTransactionsQuery = z.infer<typeof connectionTransactionsQuerySchema>;

export const connectionSyncMessages = {
  tokenNotFound: 'Token not found',
  alreadySyncing: 'This connection is syncing now; its progress shows on the connection.',
  tokenChoice: 'Map the token to a coin or hide it.',
  notFromConnection: 'Only a transaction a connection brought can be classified this way.',
  networkFee: 'A network fee is what the transaction paid its network; it is booked as it is.',
  tokenMapped: 'This token is already booked as a coin; its rows are edited like any others.',
  wrongDirection: {
    received:
      'A coin received can be given a cost, marked as bought at the day close, as income, or matched to a transfer out.',
    sent: 'A coin sent can be a sale, a spend or gift, or matched to a transfer in.',
  },
  matchNotFound: 'The transfer to match was not found in another of your portfolios.',
  matchMismatch:
    'A matched transfer must be the same coin and quantity, in the other direction, in another portfolio.',
  noClose: 'There is no close for that day in the price history yet; give the price instead.',
  chainFields:
    'This transaction came from a wallet connection: its coin, type, quantity, date and portfolio are the chain’s. Classify it on the connection’s page instead.',
} as const;

export const connectionTokenParamsSchema = z.object({
  id: storedIdSchema('Connection not found'),
  tokenId: storedIdSchema(connectionSyncMessages.tokenNotFound),
});

/** One line of what the ledger and the chain disagree about, and why (nothing wrong once it settles). */
export const reconciliationExplanationSchema = z.object({
  /** The on-chain id (`txid:vout`, or tx hash and log index). */
  source_id: z.string(),
  /** The booked row, when there is one. */
  transaction_id: entityIdSchema.nullable(),
  /** Signed: what it adds to (or takes from) the ledger's side once it is booked or put back. */
  quantity: decimalOut,
  /**
   * `pending`: seen but not booked yet (in the mempool, or fewer confirmations than asked for);
   * `removed`: the row booked for it is no longer in the ledger; `changed`: its row no longer
   * moves what the chain moved (its quantity or coin was edited).
   */
  reason: z.enum(['pending', 'removed', 'changed']),
});

/** One coin on one chain: ETH on Base and ETH on Ethereum are two lines. */
export const reconciliationCoinSchema = z.object({
  coin_id: z.string(),
  chain: connectionChainSchema,
  /** What the ledger computes from the rows this connection brought. */
  ledger_quantity: decimalOut,
  /**
   * What the chain reported at the last sync (Esplora's confirmed address stats; the EVM
   * balances). Pending movements still in the mempool are not in it yet.
   */
  chain_quantity: decimalOut,
  /** chain − ledger; 0 after a clean sync. */
  difference: decimalOut,
  explained_by: z.array(reconciliationExplanationSchema),
});

export const connectionReconciliationSchema = z.object({
  connection_id: entityIdSchema,
  /** When the chain's side was read; null before the first sync. */
  as_of: isoDateTime.nullable(),
  coins: z.array(reconciliationCoinSchema),
});
export type ConnectionReconciliation = z.infer<typeof connectionReconciliationSchema>;

/** A token no coin is known for: listed, never valued, never a holding. */
export const connectionTokenSchema = z.object({
  id: entityIdSchema,
  chain: evmChainNameSchema,
  contract_address: z.string(),
  name: z.string(),
  symbol: z.string(),
  quantity: decimalOut,
  coin_id: z.string().nullable(),
  hidden: z.boolean(),
});
export type ConnectionToken = z.infer<typeof connectionTokenSchema>;

export const connectionTokenListSchema = z.object({
  results: z.array(connectionTokenSchema),
  count: z.number().int().nonnegative(),
});

/** Map to a coin (its transfers are then booked) or hide; one of the two. */
export const connectionTokenUpdateBodySchema = z
  .object({ coin_id: coinIdSchema.optional(), hidden: z.boolean().optional() })
  .strict()
  .refine((b) => b.coin_id !== undefined || b.hidden !== undefined, connectionSyncMessages.tokenChoice);
export type ConnectionTokenUpdateBody = z.infer<typeof connectionTokenUpdateBodySchema>;

export const transactionClassificationSchema = z.enum(transactionClassifications);

/**
 * What the owner says a connection's transfer is. A coin received: its cost as given, bought at
 * the day's close, income (valued at the close), or the arrival of a transfer out of another
 * portfolio. A coin sent: a sale at a price, a spend or gift (a disposal at the close), or the
 * departure of a transfer into another portfolio. The quantity always stays the chain's.
 */
export const transactionClassifyBodySchema = z.discriminatedUnion('as', [
  z.object({ as: z.literal('cost_given'), price_per_coin: decimalString('nonNegative', 'Price per coin') }),
  z.object({ as: z.literal('bought_at_close') }),
  z.object({ as: z.literal('income'), reward_kind: rewardKindSchema.optional() }),
  z.object({ as: z.literal('own_transfer'), transaction_id: entityIdSchema }),
  z.object({ as: z.literal('sale'), price_per_coin: decimalString('nonNegative', 'Price per coin') }),
  z.object({ as: z.literal('spend') }),
]);
export type TransactionClassifyBody = z.infer<typeof transactionClassifyBodySchema>;
