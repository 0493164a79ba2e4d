import type { BaseCurrency } from '@app/contracts';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

// The dialog brings the alert schemas and the condition editor: it loads when first opened, so the
// terminal, coin and Oracle pages that show this button do not carry it in their first load.
const AlertDialog = lazy(() => import('./components/alert-dialog').then((m) => ({ default: m.AlertDialog })));

interface CreateAlertButtonProps {
  coinId: string;
  coinName?: string;
  /** Classes added to the secondary button style (Oracle's cards make it as small as their links). */
  className?: string;
  /** Opens the dialog as `price >= prefillPrice`, labelled `label` (Oracle's actions). */
  prefillPrice?: string;
  /** The currency `prefillPrice` is in (an exit plan's); absent: the user's base currency. */
  prefillCurrency?: BaseCurrency | undefined;
  label?: string;
}

/** The "Create alert" action for the coin detail page and the terminal. */
export function CreateAlertButton({
  coinId,
  coinName,
  className,
  prefillPrice,
  prefillCurrency,
  label,
}: CreateAlertButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setOpen(true)}>
        {label ?? 'Create alert'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AlertDialog
            coinId={coinId}
            prefillPrice={prefillPrice}
            prefillCurrency={prefillCurrency}
            {...(coinName ? { coinName } : {})}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
