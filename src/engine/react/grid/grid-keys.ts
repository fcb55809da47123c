import type { KeyboardEvent } from 'react';

/**
 * The grid's own keys (issue 30), as in Tally and a spreadsheet: Up/Down in a number cell go to the same
 * cell of the line above or below (the value is stepped with Alt+Up/Down and the stepper buttons instead),
 * and Ctrl+Delete (Cmd+Backspace on a Mac) removes the line the focus is in.
 */

/** The input in the same column of the line `offset` away, if that line is rendered. */
function sameCellOf(target: HTMLElement, tbody: HTMLElement, offset: number): HTMLInputElement | undefined {
  const cell = target.closest('td');
  const row = cell?.parentElement;
  if (!cell || !row || row.parentElement !== tbody) return undefined;
  const index = Number(row.dataset.index) + offset;
  const next = tbody.querySelector(`:scope > [data-index="${index}"]`);
  const column = [...row.children].indexOf(cell);
  return next?.children[column]?.querySelector('input') ?? undefined;
}

/** The line (its index) a key was pressed in, when it is a direct line of this table. */
function lineOf(target: HTMLElement, tbody: HTMLElement): number | undefined {
  const row = target.closest('tr');
  return row && row.parentElement === tbody ? Number(row.dataset.index) : undefined;
}

const isLineMove = (event: KeyboardEvent<HTMLElement>) =>
  (event.key === 'ArrowUp' || event.key === 'ArrowDown') && !event.altKey && (event.target as HTMLElement).classList.contains('bill-number__input');

const isRemoveLine = (event: KeyboardEvent<HTMLElement>) =>
  (event.ctrlKey && event.key === 'Delete') || (event.metaKey && event.key === 'Backspace');

/**
 * Handles a grid key before the input does (a capture listener on the tbody); returns whether it did.
 * `remove` removes a line by index (the first line is never removed).
 */
export function handleGridKey(event: KeyboardEvent<HTMLElement>, remove: (index: number) => void): boolean {
  const target = event.target as HTMLElement;
  const tbody = event.currentTarget;
  if (isLineMove(event)) {
    event.preventDefault();
    event.stopPropagation();
    const next = sameCellOf(target, tbody, event.key === 'ArrowUp' ? -1 : 1);
    if (next) {
      next.focus();
      next.select();
    }
    return true;
  }
  if (isRemoveLine(event)) {
    const index = lineOf(target, tbody);
    if (index === undefined || index === 0) return false;
    event.preventDefault();
    // The focus stays in the grid: on the same cell of the line above.
    (sameCellOf(target, tbody, -1) ?? tbody.querySelector<HTMLElement>(`:scope > [data-index="${index - 1}"] input`))?.focus();
    remove(index);
    return true;
  }
  return false;
}
