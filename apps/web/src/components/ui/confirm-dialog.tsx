import { type ReactNode, useState } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmRequest {
  title: string;
  /** What will happen, in the user's words ("Its 12 transactions are deleted too."). */
  description?: ReactNode;
  /** The confirming button's label, a verb ("Delete"). */
  confirmLabel: string;
  /** Red confirming button for what cannot be taken back. */
  destructive?: boolean;
  onConfirm: () => void;
}

export interface ConfirmDialogProps extends ConfirmRequest {
  onCancel: () => void;
}

/**
 * Replaces window.confirm: an alertdialog whose focus starts on Cancel, so Enter on an
 * accidental opening does nothing harmful; Escape cancels.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog role="alertdialog" title={title} description={description} onClose={onCancel} width="max-w-md">
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          variant={destructive ? 'danger' : 'primary'}
          onClick={() => {
            onConfirm();
            onCancel();
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * `const confirm = useConfirm();` then `confirm.ask({...})` where window.confirm was, and render
 * `confirm.dialog` once in the component.
 */
export function useConfirm(): { ask: (request: ConfirmRequest) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  return {
    ask: setRequest,
    dialog: request && <ConfirmDialog {...request} onCancel={() => setRequest(null)} />,
  };
}
