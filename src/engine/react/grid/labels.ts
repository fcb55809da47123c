/** The grid's button names and the add-row toast, exactly as the spec writes them ("Add Servive" included). */
export const GRID_LABELS = {
  addRow: 'Add More Product',
  deleteRow: 'Delete Field',
  removeProduct: 'Remove Product',
  addNestedRow: 'Add Servive',
  removeNestedRow: 'Remove Service',
  emptyTitle: 'Empty field',
  emptyMessage: 'Please fill the previous field before adding the new field.',
  /** Issue 30: the toast after a row is removed, offering it back. */
  removed: (rowName: string) => `${rowName} removed`,
} as const;

/** The accessible name of a top-level row (spec: rows are known by their Sr. No.). */
export function rowLabel(index: number): string {
  return `Sr. No. ${index + 1}`;
}

/** The accessible name of a nested row: its parent's Sr. No. and its own place. */
export function nestedRowLabel(parentIndex: number, index: number, nestedTitle: string): string {
  return `${rowLabel(parentIndex)}, ${nestedTitle.replace(/s$/, '').toLowerCase()} ${index + 1}`;
}
