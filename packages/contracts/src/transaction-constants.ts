// transaction's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

export const transactionTypes = ['buy', 'sell', 'transfer_in', 'transfer_out', 'reward'] as const;

export const rewardKinds = ['staking', 'airdrop', 'other'] as const;
