import type { TransactionClassifyBody } from '@app/contracts';

export type ClassifyChoice = TransactionClassifyBody['as'];

/** The answers a row waits for, by which way the coins went. */
export const classifyChoices: Readonly<
  Record<'received' | 'sent', ReadonlyArray<{ value: ClassifyChoice; label: string }>>
> = {
  received: [
    { value: 'cost_given', label: 'I know its cost' },
    { value: 'bought_at_close', label: 'Bought at that day’s close' },
    { value: 'income', label: 'Income (reward or airdrop)' },
    { value: 'own_transfer', label: 'Transfer from another portfolio' },
  ],
  sent: [
    { value: 'sale', label: 'Sale' },
    { value: 'spend', label: 'Spend or gift (at the day’s close)' },
    { value: 'own_transfer', label: 'Transfer to another portfolio' },
  ],
};

export const rewardKindLabels = { staking: 'Staking', airdrop: 'Airdrop', other: 'Other income' } as const;
