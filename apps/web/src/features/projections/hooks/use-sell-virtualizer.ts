import type { SellRow } from '@app/core';
import {
  defaultRangeExtractor,
  type Range,
  useVirtualizer,
  useWindowVirtualizer,
  type VirtualItem,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Rows kept mounted beyond each edge of the view, so Tab always finds the next input. */
export const sellOverscan = 6;

export type Segment = { kind: 'gap'; key: string; size: number } | { kind: 'row'; item: VirtualItem };

/**
 * The row holding focus stays mounted even when scrolled out of view, so typing into it
 * never loses the caret. Returns the range extractor that keeps it.
 */
function useKeepFocusedRow(holder: RefObject<HTMLElement | null>, rows: readonly SellRow[]) {
  const focusedId = useRef<string | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  useEffect(() => {
    const element = holder.current;
    if (element === null) return;
    const onFocusIn = (event: FocusEvent) => {
      const row = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-row-id]') : null;
      focusedId.current = row?.dataset.rowId ?? null;
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (!(next instanceof Node) || !element.contains(next)) focusedId.current = null;
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [holder]);

  return useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const id = focusedId.current;
    if (id === null) return indexes;
    const focused = rowsRef.current.findIndex((row) => row.id === id);
    if (focused < 0 || indexes.includes(focused)) return indexes;
    return [...indexes, focused].sort((a, b) => a - b);
  }, []);
}

/** The mounted rows in order, with the space of the unmounted ones between and around them. */
function segmentsOf<S extends Element | Window>(virtual: Virtualizer<S, Element>, margin: number): Segment[] {
  const out: Segment[] = [];
  let cursor = margin;
  for (const item of virtual.getVirtualItems()) {
    if (item.start > cursor) out.push({ kind: 'gap', key: `gap-${item.index}`, size: item.start - cursor });
    out.push({ kind: 'row', item });
    cursor = item.end;
  }
  const end = margin + virtual.getTotalSize();
  if (end > cursor) out.push({ kind: 'gap', key: 'gap-end', size: end - cursor });
  return out;
}

/**
 * Only the rows in view (plus overscan) are in the DOM, so a 1,000-row plan stays smooth.
 * The table scrolls inside its own box, under
 * a sticky header (`headHeight` tall, inside the box).
 */
export function useSellTableVirtualizer(rows: readonly SellRow[], estimateSize: number, headHeight: number) {
  const scroller = useRef<HTMLElement>(null);
  const rangeExtractor = useKeepFocusedRow(scroller, rows);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: sellOverscan,
    scrollMargin: headHeight,
    rangeExtractor,
    initialRect: { width: 1000, height: 560 },
  });
  return { scroller, virtual, segments: () => segmentsOf(virtual, headHeight) };
}

/**
 * The cards scroll with the page (a box scrolling inside a phone's page traps the thumb),
 * so the window is the scroller and the list starts `margin` pixels down the document.
 */
export function useSellCardsVirtualizer(rows: readonly SellRow[], estimateSize: number) {
  const list = useRef<HTMLOListElement>(null);
  const [margin, setMargin] = useState(0);
  const rangeExtractor = useKeepFocusedRow(list, rows);

  // What sits above the list (summary, ladder form and its messages) can change height.
  useLayoutEffect(() => {
    const measure = () => {
      const top = list.current === null ? 0 : list.current.getBoundingClientRect().top + window.scrollY;
      setMargin((current) => (Math.abs(current - top) < 1 ? current : top));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtual = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => estimateSize,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: sellOverscan,
    scrollMargin: margin,
    rangeExtractor,
    initialRect: { width: 390, height: 844 },
  });
  return { list, virtual, segments: () => segmentsOf(virtual, margin) };
}
