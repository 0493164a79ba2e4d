import { useLayoutEffect, useRef, useState } from 'react';

export interface RowWindow {
  /** Index of the first row in the DOM. */
  first: number;
  /** Index after the last row in the DOM. */
  end: number;
}

/**
 * The rows of a fixed-height list that are in view inside their scroller, plus `overscan` on
 * each side. Every market row is the same height, so
 * the window is arithmetic on scrollTop and the scroller's height; a general virtualiser
 * (measurement, variable sizes) was a large share of the terminal's first load. The
 * state changes only when the window does, not on every scrolled pixel.
 */
export function useRowWindow(
  count: number,
  { rowHeight, overscan, initialHeight }: { rowHeight: number; overscan: number; initialHeight: number },
) {
  const scroller = useRef<HTMLElement>(null);
  const [view, setView] = useState({ top: 0, height: initialHeight });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    const windowOf = (top: number, height: number) => [
      Math.floor(top / rowHeight) - overscan,
      Math.ceil((top + height) / rowHeight) + overscan,
    ];
    const read = () => {
      // No height yet (not laid out): keep the height the page's CSS gives the scroller.
      const next = { top: element.scrollTop, height: element.clientHeight || initialHeight };
      setView((current) => {
        const [a, b] = windowOf(current.top, current.height);
        const [c, d] = windowOf(next.top, next.height);
        return a === c && b === d ? current : next;
      });
    };
    element.addEventListener('scroll', read, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    // The observer's first report comes after the browser's own layout, before paint. Reading
    // here instead forced that layout inside the commit, a large part of the terminal's longest
    // task under Lighthouse's slowdown.
    if (observer === null) read();
    else observer.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      observer?.disconnect();
    };
  }, [rowHeight, overscan, initialHeight]);

  const first = Math.min(count, Math.max(0, Math.floor(view.top / rowHeight) - overscan));
  const end = Math.min(count, Math.ceil((view.top + view.height) / rowHeight) + overscan);
  return {
    scroller,
    range: { first, end } satisfies RowWindow,
    /** Space of the rows above and below the window, so the scroll height is that of every row. */
    padTop: first * rowHeight,
    padBottom: (count - Math.max(first, end)) * rowHeight,
  };
}
