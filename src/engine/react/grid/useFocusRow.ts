import { useLayoutEffect, useState } from 'react';
import type { VirtualRows } from './useVirtualRows';

/**
 * Moves the focus to the first input of a row once it is rendered (a row just added), scrolling a
 * virtualized list to it first. Returns the function that asks for it.
 */
export function useFocusRow(virtual: Pick<VirtualRows<HTMLElement>, 'listRef' | 'scrollToIndex'>) {
  const [target, setTarget] = useState<number>();
  // Before paint, so the new row never shows without its caret.
  useLayoutEffect(() => {
    if (target === undefined) return;
    // Direct children only: a product's nested services carry data-index too.
    const row = virtual.listRef.current?.querySelector(`:scope > [data-index="${target}"]`);
    if (!row) {
      virtual.scrollToIndex(target);
      return;
    }
    row.querySelector<HTMLElement>('input:not([readonly]), select, textarea')?.focus();
    setTarget(undefined);
  });
  return setTarget;
}
