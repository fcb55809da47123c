import { useEffect, type RefObject } from 'react';
import { useLatest } from '../controls/useLatest';
import { inDiscountColumn } from '../grid/cell-class';

/** Inputs an operator types in: not read-only, not disabled, not skipped by Tab. */
const TYPED = 'input:not([readonly]):not([disabled]):not([tabindex="-1"]), textarea:not([readonly]):not([disabled]), select:not([disabled])';

/** An empty discount is no discount, not an input left to fill (a saved bill opens on what is missing, if anything). */
const isLeftToFill = (input: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) =>
  input.value === '' && !inDiscountColumn(input);

/** The first input of the form the operator has yet to fill (client name on a new bill). */
export function firstEmptyInput(container: Element): HTMLElement | undefined {
  // Not one in a folded section (Dispatch details): it cannot take the focus until opened.
  const inputs = [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(TYPED)].filter(
    (input) => !input.closest('details:not([open])'),
  );
  return inputs.find(isLeftToFill) ?? inputs[0];
}

/**
 * Keyboard-first entry: the first empty input has the focus when a bill opens (each new form version),
 * and Ctrl+S (Cmd+S on a Mac) starts the save flow of the screen's first button instead of the
 * browser's "save page".
 */
export function useKeyboardFirst(container: RefObject<HTMLElement | null>, version: number, save: () => void) {
  const latestSave = useLatest(save);
  useEffect(() => {
    if (version < 0 || !container.current) return;
    // Not when the operator is already in the form or in a dialog (a modal over the screen).
    const active = document.activeElement;
    if (active && (container.current.contains(active) || active.closest('[role="dialog"], [role="alertdialog"]'))) return;
    firstEmptyInput(container.current)?.focus();
  }, [container, version]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      if (!container.current?.isConnected) return;
      event.preventDefault();
      // Leaving the input first lets its row follow (amount = qty x rate), as clicking the button does.
      if (document.activeElement instanceof HTMLElement && container.current.contains(document.activeElement)) {
        document.activeElement.blur();
      }
      latestSave.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [container, latestSave]);
}
