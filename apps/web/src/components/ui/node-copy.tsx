import { useLayoutEffect, useRef, useState } from 'react';

interface NodeCopyProps {
  /** Takes the copy once, on mount; null draws nothing. */
  take: () => Node | null;
  className?: string;
}

/**
 * A copy of markup the server painted outside React (lib/painted-page-frame), placed in a div of
 * React's, hidden from assistive technology: the original speaks, or nothing does.
 */
export function NodeCopy({ take, className }: NodeCopyProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [copy] = useState(take);
  useLayoutEffect(() => {
    if (copy) holder.current?.replaceChildren(copy);
  }, [copy]);
  return copy ? <div ref={holder} className={className} aria-hidden="true" /> : null;
}
