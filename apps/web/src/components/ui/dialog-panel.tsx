import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { buttonStyles } from './button-styles';
import { CloseIcon } from './icons';

export interface DialogPanelProps {
  /** Controlled: the parent mounts or opens the dialog; every way out (Escape, overlay, ×) calls onClose. */
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A sentence under the title; it becomes the dialog's accessible description. */
  description?: ReactNode;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  width?: string;
  /** Shows an × button in the corner (labelled "Close"). */
  closeButton?: boolean;
  /** alertdialog for confirmations: an overlay click does not dismiss it. */
  role?: 'dialog' | 'alertdialog';
  /** Where focus goes back on close: the control focused when the dialog was asked for. */
  opener: Element | null;
}

/**
 * The one modal dialog (Radix): focus moves in and is trapped there, Escape closes, focus returns
 * to the control that opened it, the page behind is inert to screen readers and does not scroll.
 * The panel scrolls on its own when taller than the screen; popovers inside it (coin pickers) are
 * laid out in the flow so that scroll never clips them.
 */
export function DialogPanel({
  open = true,
  onClose,
  title,
  description,
  children,
  width = 'max-w-lg',
  closeButton = false,
  role = 'dialog',
  opener,
}: DialogPanelProps) {
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-black/60" />
        <RadixDialog.Content
          role={role}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
          }}
          onPointerDownOutside={(e) => {
            if (role === 'alertdialog') e.preventDefault();
          }}
          className={cn(
            'fixed inset-x-0 bottom-0 z-[60] mx-auto max-h-[90dvh] w-full overflow-y-auto rounded-t-xl border border-line bg-surface p-5 text-fg shadow-2xl outline-none sm:top-1/2 sm:bottom-auto sm:w-[calc(100%-2rem)] sm:-translate-y-1/2 sm:rounded-xl',
            width,
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description !== undefined && (
                <RadixDialog.Description className="mt-1 text-sm text-muted">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            {closeButton && (
              <RadixDialog.Close className={buttonStyles.ghost} aria-label="Close">
                <CloseIcon />
              </RadixDialog.Close>
            )}
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
