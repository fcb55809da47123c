import { memo } from 'react';
import type { Row } from '../../core/rows';
import type { ObjectSpec } from '../../core/registry/types';
import { FieldControl } from '../controls/FieldControl';
import { columnClass } from './cell-class';
import type { RowPath } from '../../core/row-ops';
import { sameRow } from '../../core/row-ops';
import type { RowsEditor } from './useRowsEditor';
import type { ComboboxSource } from '../controls/Combobox';
import { focusNextEmptyCellAfterPick } from './grid-keys';
import { LineSerials } from './LineSerials';
import { LINE_SERIALS_KEY } from '../../core/line-serials';
import { leftText, type LineStockFields, type LineStockSource } from './line-stock';
import type { StockedProduct } from '../contract';

/** What a sale's goods lines know of stock (issue 48): the fields to read, what is on hand, the pieces in stock. */
export interface LineStockView {
  fields: LineStockFields;
  onHand: ReadonlyMap<string, StockedProduct>;
  source: LineStockSource;
}

export interface LineRowProps {
  spec: ObjectSpec;
  row: Row;
  /** Where the row sits: [index] or [parentIndex, nestedName, index]; compared by value. */
  path: RowPath;
  index: number;
  /** The row's accessible name ("Sr. No. 2"); each input's name adds its column ("QTY, Sr. No. 2"). */
  label: string;
  editor: RowsEditor;
  suggestionsOf(catalog: string): ComboboxSource;
  removeLabel: string;
  /** Whether its remove button is enabled (the first row's is not, but on a note's copied lines). */
  removable: boolean;
  onRemove(index: number): void;
  measureRow?: (element: Element | null) => void;
  rowKey: number;
  stock?: LineStockView;
  /** The line's picked serial numbers (not a schema field, so compared apart from the row). */
  serials?: unknown;
}

const NO_SERIALS: readonly string[] = [];

/** One line of a grid: a cell per field of the row's schema, then its remove button. */
function LineRowView(props: LineRowProps) {
  const { spec, row, path, index, label, editor, suggestionsOf, removeLabel, removable, onRemove, measureRow, rowKey, stock } = props;
  const stocked = stock?.onHand.get(String(row[stock.fields.product] ?? '').trim());
  const left = stock && stocked && leftText(row, stock.fields, stocked);
  const picked = Array.isArray(props.serials) ? (props.serials as string[]) : NO_SERIALS;
  return (
    <tr className="bill-grid__row" aria-label={label} data-index={index} data-row-key={rowKey} ref={measureRow}>
      {spec.fields.map((field) => {
        if (field.rows) return null;
        if (field.rowNumber) {
          return (
            <th key={field.name} scope="row" className="bill-grid__srno" data-title={field.title}>
              {index + 1}
            </th>
          );
        }
        return (
          <td key={field.name} className={columnClass('bill-grid__cell', field, spec)} data-title={field.title}>
            <FieldControl
              field={field}
              value={row[field.name]}
              ariaLabel={`${field.title}, ${label}`}
              suggestions={field.catalog === undefined ? undefined : suggestionsOf(field.catalog)}
              onChange={(value) => editor.change(path, field.name, value)}
              onBlur={() => editor.blur(path, spec, field.name)}
              onPick={() => {
                const picked = document.activeElement;
                editor.pick(path, spec, field.name);
                focusNextEmptyCellAfterPick(picked);
              }}
            />
            {left && field.name === stock.fields.qty && (
              <span className={`bill-line-stock${left.short ? ' bill-line-stock--short' : ''}`}>{left.text}</span>
            )}
            {stock && stocked?.serialised && field.name === stock.fields.product && (
              <LineSerials
                product={stocked.product}
                label={label}
                picked={picked}
                serialsInStock={stock.source.serialsInStock}
                onChange={(next) => editor.change(path, LINE_SERIALS_KEY, next)}
              />
            )}
          </td>
        );
      })}
      <td className="bill-grid__action">
        {/* Out of the Tab order (issue 30): Tab from the line's last input goes on to the next line, and a
            stray Enter after Tab never removes a line. Ctrl+Delete in the line removes it from the keyboard. */}
        <button type="button" tabIndex={-1} className="bill-button bill-button--quiet" disabled={!removable} onClick={() => onRemove(index)}>
          {removeLabel}
        </button>
      </td>
    </tr>
  );
}

/** Typing in one row re-renders that row only, even when rjsf hands the grid a fresh copy of every row. */
export const LineRow = memo(LineRowView, (before, after) => {
  const { row: rowBefore, path: pathBefore, ...restBefore } = before;
  const { row: rowAfter, path: pathAfter, ...restAfter } = after;
  const keys = Object.keys(restAfter) as Array<keyof typeof restAfter>;
  return (
    keys.every((key) => Object.is(restBefore[key], restAfter[key])) &&
    pathBefore.length === pathAfter.length &&
    pathBefore.every((part, i) => part === pathAfter[i]) &&
    sameRow(after.spec, rowBefore, rowAfter)
  );
});
