import { useEffect, type RefObject } from 'react';

const isUndoKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && ['z', 'y'].includes(event.key.toLowerCase());

/**
 * Ctrl+Z (and Ctrl+Y, Ctrl+Shift+Z) undo typing in the input that has the focus only. Chromium keeps one
 * undo history for the whole page, so without this a Ctrl+Z in one line blanked the QTY typed in another
 * line, moving the focus there, while that line's amount stayed (issue 30).
 */
export function useFieldUndo(container: RefObject<HTMLElement | null>, version: number) {
  useEffect(() => {
    const root = container.current;
    if (version < 0 || !root) return;
    let undoFrom: Element | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isUndoKey(event)) undoFrom = document.activeElement;
    };
    const onBeforeInput = (event: InputEvent) => {
      if (!event.inputType.startsWith('history')) return;
      // An undo from the browser's Edit menu (no key) is allowed only in the focused input too.
      if (event.target !== (undoFrom ?? document.activeElement)) event.preventDefault();
      undoFrom = null;
    };
    root.addEventListener('keydown', onKeyDown, true);
    root.addEventListener('beforeinput', onBeforeInput, true);
    return () => {
      root.removeEventListener('keydown', onKeyDown, true);
      root.removeEventListener('beforeinput', onBeforeInput, true);
    };
  }, [container, version]);
}
