// The transfers' constants without their schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

/** Transfer paths, relative to the `/api` base. */
export const transferRoutes = {
  list: '/v2/transfers/',
  confirm: '/v2/transfers/confirm/',
  undo: '/v2/transfers/undo/',
  match: '/v2/transfers/match/',
} as const;

/** Where a movement came from: a wallet or exchange connection, a CSV import, or typed by hand. */
export const transferSourceKinds = ['wallet', 'exchange', 'csv', 'manual'] as const;
export type TransferSourceKind = (typeof transferSourceKinds)[number];

/**
 * Why two movements are one own transfer: the same transaction id on both, the owner's word
 * (confirmed, or paired by hand), or the window rule (the deposit arrives within 24 hours and is
 * the withdrawal less at most 1 %, and nothing else fits) waiting for the owner's confirmation.
 */
export const transferMatchReasons = ['tx_hash', 'window', 'manual', 'confirmed'] as const;
export type TransferMatchReason = (typeof transferMatchReasons)[number];

export const transferMessages = {
  outNotFound: 'The withdrawal was not found among your transfers out.',
  inNotFound: 'The deposit was not found among your transfers in.',
  samePortfolio: 'The deposit must be in another portfolio than the withdrawal.',
  differentCoins: 'The deposit must be the same coin as the withdrawal.',
  inExceedsOut: 'The deposit cannot be larger than the withdrawal: coins do not grow on the way.',
  notProposed: 'These two are not a proposed or matched pair; use "Match by hand" to pair them anyway.',
  notMatched: 'These two are not matched or proposed; there is nothing to undo.',
} as const;
