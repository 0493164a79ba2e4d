/**
 * Every table that holds rows of one person, and what the account export does with it: where in
 * the file it goes, or why it stays out. The export's coverage test builds the list of such
 * tables from the database's own catalogue (a `user_id` or `portfolio_id` column, or a foreign
 * key to a table that has one) and fails while a table is named in neither list, so a new table
 * of user data is never silently missing from the download.
 */
export const exportedTables = {
  users: 'account: email, name and picture (never the password hash)',
  user_settings: 'settings: base currency, favourites, cost-basis method',
  tax_settings: 'tax_settings',
  notification_preferences: 'notification_preferences',
  insight_preferences: 'insight_preferences',
  portfolios: 'portfolios',
  connections: 'connections: kind, label, chains and the masked form (never the key or address)',
  transactions: 'transactions, with the connection entry each came from',
  cash_movements: 'cash_movements',
  transfer_decisions: 'transfer_decisions',
  sale_lot_choices: 'sale_lot_choices',
  tax_wallet_allocations: 'tax_wallet_allocations',
  tax_method_history: 'tax_method_history: the tax settings by tax year',
  projections: 'projections',
  projection_transactions: 'projections[].rungs',
  projection_tax_links: 'projections[].tax_link',
  alerts: 'alerts',
  notifications: 'notifications',
  notification_channels: 'notification_channels: the masked target (never a webhook URL or token)',
  watchlists: 'watchlists',
  watchlist_items: 'watchlists[].items',
  allocation_targets: 'allocation_targets',
} as const;

/** Kept out of the file on purpose; each reason is written into the file's `left_out`. */
export const leftOutTables = {
  sessions: 'Sign-ins on this server: secrets that open the account, of no use anywhere else.',
  auth_tokens: 'One-time links for email verification and password reset: secrets.',
  oidc_identities: "The link to this server's identity provider; signing in elsewhere makes its own.",
  access_tokens: 'Personal access tokens are secrets; make new ones where the data goes.',
  access_token_uses: 'The activity of those tokens on this server.',
  idempotency_keys: 'Answers kept for a day so that a repeated write is not done twice.',
  notification_deliveries: 'The delivery outbox: copies of messages sent or being sent.',
  portfolio_snapshots: 'Figures derived from the transactions, recomputed from them.',
  connection_tokens: "What a connection's sync saw; read again when the connection is added again.",
  connection_records:
    "Exchange records a connection's sync staged or held; read again when it is added again.",
  portfolio_shares:
    'Shares name other accounts of this server; share the portfolio again where the data goes.',
} as const;

export type ExportedTable = keyof typeof exportedTables;
export type LeftOutTable = keyof typeof leftOutTables;

export function leftOutList(): { table: string; reason: string }[] {
  return Object.entries(leftOutTables).map(([table, reason]) => ({ table, reason }));
}
