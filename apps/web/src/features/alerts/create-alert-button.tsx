import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { AlertDialog } from './components/alert-dialog';

interface CreateAlertButtonProps {
  coinId: string;
  coinName?: string;
  className?: string;
  /** Opens the dialog as `price >= prefillPrice`, labelled `label` (Oracle's actions). */
  prefillPrice?: string;
  label?: string;
}

/** The "Create alert" action for the coin detail page and the terminal. */
export function CreateAlertButton({
  coinId,
  coinName,
  className,
  prefillPrice,
  label,
}: CreateAlertButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className ?? buttonStyles.secondary} onClick={() => setOpen(true)}>
        {label ?? 'Create alert'}
      </button>
      {open && (
        <AlertDialog
          coinId={coinId}
          prefillPrice={prefillPrice}
          {...(coinName ? { coinName } : {})}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
