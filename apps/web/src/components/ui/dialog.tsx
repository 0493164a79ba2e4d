import { lazy, Suspense, useState } from 'react';
import type { DialogPanelProps } from './dialog-panel';

export type DialogProps = Omit<DialogPanelProps, 'opener'>;

/** Radix Dialog is ~13 kB gzipped with its scroll lock: it loads when a dialog first opens. */
const loadPanel = () => import('./dialog-panel').then((m) => ({ default: m.DialogPanel }));
const Panel = lazy(loadPanel);

/**
 * The one modal dialog: focus moves in and is trapped there, Escape closes, focus returns to the
 * control that opened it, the page behind is inert to screen readers and does not scroll.
 */
export function Dialog(props: DialogProps) {
  // Radix returns focus to its own Trigger; these dialogs are opened by ordinary buttons (and
  // mounted by their parent), so the control focused at opening is remembered here instead.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return (
    <Suspense fallback={null}>
      <Panel {...props} opener={opener} />
    </Suspense>
  );
}
