import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';

/** Lists longer than this render only the rows near the viewport (DESIGN.md: a 300-line bill stays quick). */
export const VIRTUAL_AFTER_ROWS = 40;

export interface VirtualRows<E extends HTMLElement> {
  /** Attach to the element the rows start in, so the window scroll can be mapped onto them. */
  listRef: React.RefObject<E | null>;
  /** The indexes to render, in order. */
  indexes: number[];
  /** Space standing in for the rows above and below the rendered ones, in px. */
  before: number;
  after: number;
  /** Ref for each rendered row element (with data-index) so its real height is used. */
  measureRow?: (element: Element | null) => void;
  scrollToIndex(index: number): void;
}

/**
 * Window-scrolled virtualization over a list whose rows may differ in height. Short lists render
 * everything, so nothing changes for the common bill of a few lines.
 */
export function useVirtualRows<E extends HTMLElement>(count: number, estimate: number, keyOf: (index: number) => number): VirtualRows<E> {
  const enabled = count > VIRTUAL_AFTER_ROWS;
  const listRef = useRef<E>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    if (!enabled || !listRef.current) return;
    const top = listRef.current.getBoundingClientRect().top + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count,
    enabled,
    estimateSize: () => estimate,
    overscan: 8,
    // React 19 batches the scroll updates well; flushSync inside its commit phase only warns.
    useFlushSync: false,
    scrollMargin,
    getItemKey: keyOf,
    // Without layout (jsdom, a hidden tab) a row measures 0; the estimate keeps the window sensible.
    measureElement: (element) => element.getBoundingClientRect().height || estimate,
  });
  if (!enabled) {
    return { listRef, indexes: Array.from({ length: count }, (_, i) => i), before: 0, after: 0, scrollToIndex: () => {} };
  }
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    listRef,
    indexes: items.map((item) => item.index),
    before: first ? first.start - scrollMargin : 0,
    after: last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0,
    measureRow: virtualizer.measureElement,
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
  };
}
