import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { base64Bytes, bytea, decimal, timestamptz } from './columns.ts';

export const portfolios = pgTable(
  'portfolios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    portfolioType: text('portfolio_type').notNull().default('manual'),
    /** Fiat currency every price and fee of this portfolio's transactions is expressed in. */
    currency: text('currency').notNull().default('usd'),
    /**
     * Bumped in the same database transaction as every write to the portfolio's transactions,
     * so a cached ledger (keyed by id + revision) is never stale, even across server processes.
     */
    revision: integer('revision').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('portfolios_user_id_idx').on(t.userId, t.createdAt)],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    coinId: text('coin_id').notNull(),
    type: text('type').notNull(),
    quantity: decimal('quantity').notNull(),
    /**
     * Null only for a transfer in whose cost nobody has given yet (a coin a wallet received from
     * outside): the ledger leaves it out of cost basis and says so, it is never taken as 0.
     */
    pricePerCoin: decimal('price_per_coin'),
    fee: decimal('fee').notNull(),
    feeCurrency: text('fee_currency'),
    executedAt: timestamptz('executed_at').notNull(),
    note: text('note').notNull().default(''),
    rewardKind: text('reward_kind'),
    /**
     * Where a row came from when a connection brought it: the connection and the outside id
     * (`txid:vout`, a hash and log index). Unique per connection, so a second sync of the same
     * history adds nothing. Null for rows typed or imported by hand.
     */
    sourceConnectionId: uuid('source_connection_id').references((): AnyPgColumn => connections.id, {
      onDelete: 'set null',
    }),
    sourceId: text('source_id'),
    /**
     * The exchange's own id of the record the row came from (`kraken:trade:T…`), written alike by
     * the CSV import and the exchange sync: a record arriving both ways is recognised as one.
     * Every leg of a trade shares it; null where neither way knew an id.
     */
    outsideRef: text('outside_ref'),
    /**
     * The on-chain transaction id an exchange gave for a coin deposit or withdrawal, normalised
     * (lower-case hex, no 0x), so the matching side in a wallet pairs with it by the hash.
     * Wallet rows carry theirs in their outside id; null where nobody knew one.
     */
    txHash: text('tx_hash'),
    /**
     * What the owner said a connection's row is (or that they have not said yet): a received coin
     * bought, income or an own transfer; a sent coin a sale, a spend or an own transfer. Null for
     * rows typed or imported by hand, which say what they are by their type.
     */
    classification: text('classification'),
    /** The other half of an own transfer between two portfolios, once the owner matched them. */
    matchedTransactionId: uuid('matched_transaction_id').references((): AnyPgColumn => transactions.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('transactions_portfolio_idx').on(t.portfolioId, t.executedAt),
    index('transactions_user_executed_idx').on(t.userId, t.executedAt.desc(), t.createdAt.desc()),
    index('transactions_user_coin_idx').on(t.userId, t.coinId),
    index('transactions_outside_ref_idx')
      .on(t.portfolioId, t.outsideRef)
      .where(sql`${t.outsideRef} is not null`),
    uniqueIndex('transactions_source_idx')
      .on(t.sourceConnectionId, t.sourceId)
      .where(sql`${t.sourceConnectionId} is not null`),
    // Fees in another currency are rare: "does this portfolio have any?" reads this small index
    // instead of every row of the portfolio, which is much slower on a large one.
    index('transactions_fee_currency_idx').on(t.portfolioId).where(sql`${t.feeCurrency} is not null`),
    // Quantities are positive and money never negative: the last line of defence under the API.
    check(
      'transactions_amounts_check',
      sql`${t.quantity} > 0 and ${t.fee} >= 0 and (${t.pricePerCoin} >= 0 or (${t.pricePerCoin} is null and ${t.type} = 'transfer_in'))`,
    ),
  ],
);

/**
 * A wallet (or, later, an exchange account) that brings its own history into one portfolio. The
 * key or address is a secret: only sealed (AES-GCM) in `secret`, with a keyed fingerprint to
 * refuse the same one twice in a portfolio and a masked form to show.
 */
export const connections = pgTable(
  'connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    secret: bytea('secret').notNull(),
    fingerprint: text('fingerprint').notNull(),
    masked: text('masked').notNull(),
    scriptType: text('script_type'),
    gapLimit: integer('gap_limit'),
    chains: jsonb('chains').$type<string[]>().notNull(),
    /** The exchange (a ccxt id) an exchange connection reads; null for wallets. */
    exchange: text('exchange'),
    /** What the exchange says the key may do, as last read (null: not read yet, or it does not say). */
    keyPermissions: jsonb('key_permissions').$type<{
      can_trade: boolean | null;
      can_withdraw: boolean | null;
    }>(),
    /** The owner confirmed a key that can withdraw: it is used anyway. */
    withdrawalAllowed: boolean('withdrawal_allowed').notNull().default(false),
    /** The first instant the exchange's API gave history for, when it only looks back so far. */
    historyFrom: timestamptz('history_from'),
    state: text('state').notNull().default('pending'),
    progress: jsonb('progress')
      .$type<{ addresses_scanned: number; transactions_found: number }>()
      .notNull()
      .default({ addresses_scanned: 0, transactions_found: 0 }),
    /**
     * Where the last sync stopped, per address chain or EVM chain: the next one starts there.
     * Sealed like the key (txids and blocks tie the owner to their payments); null before the first.
     */
    sealedCursor: base64Bytes('sealed_cursor'),
    /** What the chain reported the wallet holds at the last sync, per coin id: reconciliation's other side. */
    chainBalances: jsonb('chain_balances').$type<Record<string, string>>().notNull().default({}),
    /** Set when the owner was told this connection fails; cleared by the next good sync (told once). */
    failureNotifiedAt: timestamptz('failure_notified_at'),
    lastSyncedAt: timestamptz('last_synced_at'),
    nextSyncAt: timestamptz('next_sync_at'),
    errorMessage: text('error_message'),
    failures: integer('failures').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('connections_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('connections_portfolio_fingerprint_idx').on(t.portfolioId, t.fingerprint),
  ],
);

/**
 * A token an EVM connection saw that maps to no known coin: listed for the owner, never valued,
 * never a holding. Its transfers wait here; mapping it to a coin books them, hiding it drops it
 * from the list.
 */
export const connectionTokens = pgTable(
  'connection_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chain: text('chain').notNull(),
    contractAddress: text('contract_address').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    /** Net of the transfers seen, in the token's own unit (exact). */
    quantity: decimal('quantity').notNull(),
    /** The transfers, as movements in the token's unit: booked once the owner maps the token. */
    movements: jsonb('movements').$type<unknown[]>().notNull().default([]),
    coinId: text('coin_id'),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('connection_tokens_contract_idx').on(t.connectionId, t.chain, t.contractAddress)],
);

/**
 * An exchange record read but not in the ledger: staged while a sync's read goes on (the whole
 * read is booked at its end, in one transaction, so a sale is never checked before the deposit
 * that funded it was read), or held because it cannot be booked yet (no price for its day, an
 * asset without a coin, maybe a duplicate of a row already there). Each sync tries them all again.
 */
export const connectionRecords = pgTable(
  'connection_records',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    /** Unique per connection: `trade:<market>:<id>` or `movement:<id>`. */
    key: text('key').notNull(),
    record: jsonb('record').$type<unknown>().notNull(),
    /** Null while staged; why it waits once a booking could not take it. */
    reason: text('reason'),
    detail: text('detail').notNull().default(''),
    /**
     * What the owner said of a record held as a possible duplicate: `same` (it is the rows named
     * in `decided_rows`, which the next booking adopts) or `separate` (booked beside them). Kept
     * until a booking takes the record; staging the record again leaves it as it is. Rows are
     * named only with `same`.
     */
    decision: text('decision'),
    decidedRows: uuid('decided_rows').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.key] }),
    check(
      'connection_records_decision_check',
      sql`(${t.decision} is null or ${t.decision} in ('same', 'separate')) and (${t.decision} is not distinct from 'same') = (cardinality(${t.decidedRows}) > 0)`,
    ),
  ],
);

export type ConnectionTokenRow = typeof connectionTokens.$inferSelect;
export type ConnectionRecordRow = typeof connectionRecords.$inferSelect;
export type PortfolioRow = typeof portfolios.$inferSelect;
export type ConnectionRow = typeof connections.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
