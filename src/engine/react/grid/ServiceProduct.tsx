import { memo, useCallback, useMemo, useState } from 'react';
import type { Row } from '../../core/rows';
import type { ObjectSpec } from '../../core/registry/types';
import { FieldControl } from '../controls/FieldControl';
import { AddRowButton } from './AddRowButton';
import { GRID_LABELS, nestedRowLabel, rowLabel } from './labels';
import { LineTable } from './LineTable';
import { sameRow } from '../../core/row-ops';
import type { RowsEditor } from './useRowsEditor';
import type { ComboboxSource } from '../controls/Combobox';
import { useRemoveWithUndo } from './useRemoveWithUndo';
import { useRowKeys } from './useRowKeys';

export interface ServiceProductProps {
  spec: ObjectSpec;
  row: Row;
  index: number;
  formId: string;
  editor: RowsEditor;
  suggestionsOf(catalog: string): ComboboxSource;
  /** Whether Remove Product is enabled (not on the first product, but on a note's copied lines). */
  removable: boolean;
  onRemove(index: number): void;
  /** Offers a removed service back (the form's offerUndo). */
  offerUndo?(message: string, undo: () => void): void;
  measureRow?: (element: Element | null) => void;
}

/**
 * One product of a service bill: its own inputs (Product name) and Remove Product, then the table of
 * its services with Remove Service on each but the first, and Add Servive below.
 */
function ServiceProductView({ spec, row, index, formId, editor, suggestionsOf, removable, onRemove, offerUndo, measureRow }: ServiceProductProps) {
  const nested = spec.fields.find((field) => field.rows)!;
  const srnoTitle = spec.fields.find((field) => field.rowNumber)?.title;
  const services = Array.isArray(row[nested.name]) ? (row[nested.name] as Row[]) : [];
  const rowKeys = useRowKeys(services.length);
  const [focusRequest, setFocusRequest] = useState<{ index: number }>();
  const label = rowLabel(index);
  const listPath = useMemo(() => [index, nested.name], [index, nested.name]);
  const path = [index];
  const serviceLabel = useCallback((i: number) => nestedRowLabel(index, i, nested.title), [index, nested.title]);
  const removeService = useRemoveWithUndo(editor, listPath, rowKeys, serviceLabel, offerUndo);
  const addService = async () => {
    if (await editor.add(listPath, nested.rows!)) setFocusRequest({ index: services.length });
  };

  return (
    <section className="bill-product" role="group" aria-label={`Product, ${label}`} data-index={index} ref={measureRow}>
      <div className="bill-product__head">
        <span className="bill-product__srno" aria-hidden="true">
          <span className="bill-field__label">{srnoTitle}</span>
          {index + 1}
        </span>
        {spec.fields
          .filter((field) => !field.rows && !field.rowNumber)
          .map((field) => {
            const id = `${formId}-${index}-${field.name}`;
            return (
              <div key={field.name} className="bill-field bill-product__field">
                <label className="bill-field__label" htmlFor={id}>
                  {field.title}
                </label>
                <FieldControl
                  field={field}
                  id={id}
                  value={row[field.name]}
                  ariaLabel={`${field.title}, ${label}`}
                  suggestions={field.catalog === undefined ? undefined : suggestionsOf(field.catalog)}
                  onChange={(value) => editor.change(path, field.name, value)}
                  onBlur={() => editor.blur(path, spec, field.name)}
                  onPick={() => editor.pick(path, spec, field.name)}
                />
              </div>
            );
          })}
        <button type="button" className="bill-button bill-button--quiet" disabled={!removable} onClick={() => onRemove(index)}>
          {GRID_LABELS.removeProduct}
        </button>
      </div>
      <LineTable
        spec={nested.rows!}
        rows={services}
        keys={rowKeys.keys}
        listPath={listPath}
        caption={`${nested.title}, ${label}`}
        rowLabel={serviceLabel}
        editor={editor}
        suggestionsOf={suggestionsOf}
        removeLabel={GRID_LABELS.removeNestedRow}
        onRemove={removeService}
        focusRequest={focusRequest}
        onAddRow={addService}
      />
      <AddRowButton label={GRID_LABELS.addNestedRow} onAdd={addService} />
    </section>
  );
}

/** A product re-renders only when its own values (services included) change. */
export const ServiceProduct = memo(ServiceProductView, (before, after) => {
  const { row: rowBefore, ...restBefore } = before;
  const { row: rowAfter, ...restAfter } = after;
  const keys = Object.keys(restAfter) as Array<keyof typeof restAfter>;
  return keys.every((key) => Object.is(restBefore[key], restAfter[key])) && sameRow(after.spec, rowBefore, rowAfter);
});
