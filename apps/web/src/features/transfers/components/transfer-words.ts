import type { TransferMatchReason, TransferMovementOut } from '@app/contracts';

/** Why a pair is matched, in the owner's words. */
export const reasonLabels: Record<TransferMatchReason, string> = {
  tx_hash: 'Same transaction',
  window: 'Proposed',
  confirmed: 'Confirmed by you',
  manual: 'Matched by hand',
};

/** Where a movement came from: a connection (by its label), a CSV import, or typed by hand. */
export function sourceLabel(source: TransferMovementOut['source']): string {
  switch (source.kind) {
    case 'wallet':
      return source.label === null ? 'Wallet connection' : `Wallet: ${source.label}`;
    case 'exchange':
      return source.label === null ? 'Exchange connection' : `Exchange: ${source.label}`;
    case 'csv':
      return 'CSV import';
    case 'manual':
      return 'Entered by hand';
  }
}

export const directionLabels: Record<TransferMovementOut['direction'], string> = {
  out: 'Withdrawal',
  in: 'Deposit',
};
