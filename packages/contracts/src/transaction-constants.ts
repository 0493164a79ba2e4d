// transaction's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

export const transactionTypes = ['buy', 'sell', 'transfer_in', 'transfer_out', 'reward'] as const;

export const rewardKinds = ['staking', 'airdrop', 'other'] as const;

/**
 * What a row a connection brought is, in its owner's words. `received` and `sent` wait for the
 * owner: a coin received from outside has no known cost, a coin sent may be a sale, a spend or a
 * move between their own portfolios. The others are the answers; `network_fee` is the coins a
 * transaction paid its network (a disposal, booked by the sync itself).
 */
export const transactionClassifications = [
  'received',
  'sent',
  'cost_given',
  'bought_at_close',
  'income',
  'own_transfer',
  'sale',
  'spend',
  'network_fee',
] as const;
export type TransactionClassification = (typeof transactionClassifications)[number];
