import type { ConfirmRequest } from '@/components/ui/confirm-dialog';

/** The confirmation asked before one transaction is deleted, wherever a list offers Delete. */
export function deleteTransactionRequest(onConfirm: () => void): ConfirmRequest {
  return {
    title: 'Delete this transaction?',
    description: 'Every figure is recomputed without it. You can undo from the message that follows.',
    confirmLabel: 'Delete transaction',
    destructive: true,
    onConfirm,
  };
}
