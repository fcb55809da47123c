import type { KeyboardEvent } from 'react';
import { inDiscountColumn } from './cell-class';

/**
 * The grid's own keys (issue 30), as in Tally and a spreadsheet: Up/Down in a number cell go to the same
 * cell of the line above or below (the value is stepped with Alt+Up/Down and the stepper buttons instead),
 * Ctrl+Delete (Cmd+Backspace on a Mac) removes the line the focus is in, and Tab from a cell after which the
 * line is all filled (QTY, once a saved product filled its rate and unit) goes past those cells to what follows
 * the line: the next line, or Add More Product on the last. Elsewhere Tab moves cell by cell, so a filled value
 * can still be typed over. An empty discount is no discount rather than a cell left to fill: it holds no line (Shift+Tab
 * or a click reaches it).
 */

const TYPABLE = 'input:not([readonly]):not([disabled]), select:not([disabled]), textarea:not([readonly]):not([disabled])';
const TABBABLE = `${TYPABLE}, button:not([disabled]), a[href]`;

const isEmptyCell = (element: Element) => (element as HTMLInputElement).value.trim() === '';
const isLeftToFill = (element: Element) => isEmptyCell(element) && !inDiscountColumn(element);

/** The cells after the focused input in its line that can be typed in. */
function laterCells(from: HTMLElement): HTMLElement[] {
  const line = from.closest('tr');
  if (!line) return [];
  const cells = [...line.querySelectorAll<HTMLElement>(TYPABLE)];
  return cells.slice(cells.indexOf(from) + 1);
}

/** The next cell of the focused input's line that is empty and can be typed in. */
function nextEmptyCell(from: HTMLElement): HTMLElement | undefined {
  return laterCells(from).find(isLeftToFill);
}

/** The first element the Tab key reaches after a line (the next line's first input, or the add button). */
function firstTabbableAfter(line: HTMLElement): HTMLElement | undefined {
  const candidates = line.ownerDocument.querySelectorAll<HTMLElement>(TABBABLE);
  return [...candidates].find(
    (element) =>
      element.tabIndex >= 0 && !line.contains(element) && Boolean(line.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING),
  );
}

/** The quantity input of the focused input's line (cell-class.ts marks its column), after it. */
function quantityCell(from: HTMLElement): HTMLInputElement | undefined {
  return laterCells(from).find((cell): cell is HTMLInputElement => cell instanceof HTMLInputElement && cell.closest('.bill-grid__cell--quantity') !== null);
}

/**
 * After a saved product is picked and has filled its line: the focus goes on to the line's first empty cell
 * (QTY on a new line), once the filled values are on screen, unless the operator has moved on meanwhile. Picked
 * over a filled line, whose QTY stays, the focus goes to QTY with its value selected, to be typed over (issue 50).
 */
export function focusNextEmptyCellAfterPick(from: Element | null): void {
  if (!(from instanceof HTMLElement)) return;
  requestAnimationFrame(() => {
    if (from.ownerDocument.activeElement !== from) return;
    const empty = nextEmptyCell(from);
    if (empty) {
      empty.focus();
      return;
    }
    const quantity = quantityCell(from);
    quantity?.focus();
    quantity?.select();
  });
}

const isPlainTab = (event: KeyboardEvent<HTMLElement>) =>
  event.key === 'Tab' && !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey;

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
 * `remove` removes a line by index, when `removable` allows it (the first line only on a note, one always remains).
 */
export function handleGridKey(event: KeyboardEvent<HTMLElement>, remove: (index: number) => void, removable: (index: number) => boolean): boolean {
  const target = event.target as HTMLElement;
  const tbody = event.currentTarget;
  // A nested grid's key reaches the outer grid's listener first: one of them handles it.
  if (event.defaultPrevented) return false;
  if (isPlainTab(event) && target.matches(TYPABLE)) {
    const line = target.closest('tr');
    const rest = laterCells(target);
    if (!line || rest.length === 0 || rest.some(isLeftToFill)) return false;
    const next = firstTabbableAfter(line);
    if (!next) return false;
    event.preventDefault();
    next.focus();
    return true;
  }
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
    if (index === undefined || !removable(index)) return false;
    event.preventDefault();
    // The focus stays in the grid: on the same cell of the line above (below, when the first goes).
    const offset = index === 0 ? 1 : -1;
    (sameCellOf(target, tbody, offset) ?? tbody.querySelector<HTMLElement>(`:scope > [data-index="${index + offset}"] input`))?.focus();
    remove(index);
    return true;
  }
  return false;
}
