import { type ReactNode, useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

/** The fields a person types into or chooses from; buttons are not where a form starts. */
const fieldSelector = [
  'input:not([type="hidden"]):not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
].join(', ');

function scrollToTop(element: HTMLElement): void {
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  element.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
}

/**
 * Brings a form an action just opened into view and puts the cursor in its first field, so the
 * click visibly did something even when the form opens far below the fold. A form that loads its
 * code first (a lazy chunk) is revealed when its fields arrive. Returns the cleanup.
 */
export function revealForm(element: HTMLElement): () => void {
  let observer: MutationObserver | null = null;
  const focusFirst = (): boolean => {
    const field = element.querySelector<HTMLElement>(fieldSelector);
    if (field === null) return false;
    field.focus({ preventScroll: true });
    scrollToTop(element);
    return true;
  };
  // After this render's effects: a route change scrolls the new page to its top in an effect of
  // the layout, which runs after ours and would undo the scroll.
  const frame = requestAnimationFrame(() => {
    if (focusFirst() || typeof MutationObserver === 'undefined') return;
    scrollToTop(element);
    observer = new MutationObserver(() => {
      if (focusFirst()) observer?.disconnect();
    });
    observer.observe(element, { childList: true, subtree: true });
  });
  return () => {
    cancelAnimationFrame(frame);
    observer?.disconnect();
  };
}

/**
 * A form opened by an action ("Add transaction", "New portfolio", "Edit"): shown in view with
 * focus in its first field. Give it a `key` per opening (the row being edited) to reveal again.
 */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => (ref.current === null ? undefined : revealForm(ref.current)), []);
  return (
    // Clears the sticky top bar when scrolled to.
    <div ref={ref} className={cn('scroll-mt-20', className)}>
      {children}
    </div>
  );
}
