import { useEffect, useMemo } from 'react';
import type { Row } from '../../core/rows';
import type { ObjectSpec } from '../../core/registry/types';
import { columnClass, inDiscountColumn } from './cell-class';
import { LineRow, type LineStockView } from './LineRow';
import { LINE_SERIALS_KEY } from '../../core/line-serials';
import type { RowPath } from '../../core/row-ops';
import { useFocusRow } from './useFocusRow';
import type { RowsEditor } from './useRowsEditor';
import type { ComboboxSource } from '../controls/Combobox';
import { useVirtualRows } from './useVirtualRows';
import { handleGridKey } from './grid-keys';

/** Estimated height of a grid line in px (one line of inputs); real heights are measured. */
const LINE_HEIGHT = 44;

export interface LineTableProps {
  spec: ObjectSpec;
  rows: Row[];
  keys: number[];
  /** Path of the list: [] for the top-level rows, [parentIndex, nestedName] for nested ones. */
  listPath: RowPath;
  caption: string;
  rowLabel(index: number): string;
  editor: RowsEditor;
  suggestionsOf(catalog: string): ComboboxSource;
  removeLabel: string;
  onRemove(index: number): void;
  /** A row to scroll to and focus once rendered (a row just added); each new request object asks again. */
  focusRequest?: { index: number };
  /** Enter in the last input of the last row: the same as the add button under the table. */
  onAddRow?(): void;
  /** A sale's goods lines: what is left of each stocked product, and its pieces to pick (issue 48). */
  stock?: LineStockView;
}

const TYPED = 'input:not([readonly]):not([disabled]):not([tabindex="-1"]), textarea:not([readonly]), select:not([disabled])';

/** An empty discount after the cell: no discount, not a cell left to fill (grid-keys.ts goes past it on Tab too). */
const isEmptyDiscount = (input: Element) => (input as HTMLInputElement).value === '' && inDiscountColumn(input);

/** Is this keydown an Enter in the last input of the last row (only empty discounts after it)? */
function isEnterInLastCell(event: React.KeyboardEvent<HTMLElement>, rowCount: number): boolean {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return false;
  const target = event.target as HTMLElement;
  if (target instanceof HTMLTextAreaElement || target.getAttribute('aria-expanded') === 'true') return false;
  const row = target.closest('tr');
  if (!row || row.parentElement !== event.currentTarget || row.dataset.index !== String(rowCount - 1)) return false;
  const inputs = [...row.querySelectorAll(TYPED)];
  const at = inputs.indexOf(target);
  return at >= 0 && inputs.slice(at + 1).every(isEmptyDiscount);
}

/** A table of rows: a column per field (Sr. No. first), each line a memoized LineRow, long lists virtualized. */
export function LineTable(props: LineTableProps) {
  const { spec, rows, keys, listPath, caption, rowLabel, editor, suggestionsOf, removeLabel, onRemove, focusRequest, onAddRow, stock } = props;
  const columns = useMemo(() => spec.fields.filter((field) => !field.rows), [spec]);
  const virtual = useVirtualRows<HTMLTableSectionElement>(rows.length, LINE_HEIGHT, (index) => keys[index] ?? index);

  const focusRow = useFocusRow(virtual);
  useEffect(() => {
    if (focusRequest) focusRow(focusRequest.index);
  }, [focusRequest, focusRow]);

  return (
    <div className="bill-grid__scroll">
      <table className="bill-grid" aria-label={caption}>
        <thead>
          <tr>
            {columns.map((field) => (
              <th key={field.name} scope="col" className={columnClass('bill-grid__head', field, spec)}>
                {field.title}
              </th>
            ))}
            <th scope="col" className="bill-grid__head bill-grid__head--action">
              <span className="bill-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody
          ref={virtual.listRef}
          onKeyDownCapture={(event) => handleGridKey(event, onRemove, (index) => editor.canRemove(index, rows.length))}
          onKeyDown={(event) => {
            if (onAddRow && isEnterInLastCell(event, rows.length)) {
              event.preventDefault();
              // Leaving the input lets the row follow (amount = qty x rate) before it is checked.
              (event.target as HTMLElement).blur();
              onAddRow();
            }
          }}
        >
          {virtual.before > 0 && <tr aria-hidden="true" style={{ height: virtual.before }} />}
          {virtual.indexes.map((index) => (
            <LineRow
              key={keys[index]}
              rowKey={keys[index]}
              spec={spec}
              row={rows[index]}
              path={[...listPath, index]}
              index={index}
              label={rowLabel(index)}
              editor={editor}
              suggestionsOf={suggestionsOf}
              removeLabel={removeLabel}
              removable={editor.canRemove(index, rows.length)}
              onRemove={onRemove}
              measureRow={virtual.measureRow}
              stock={stock}
              serials={rows[index][LINE_SERIALS_KEY]}
            />
          ))}
          {virtual.after > 0 && <tr aria-hidden="true" style={{ height: virtual.after }} />}
        </tbody>
      </table>
    </div>
  );
}

