import type { FieldProps } from '@rjsf/utils';
import { useState } from 'react';
import type { Row } from '../../core/rows';
import { AddRowButton } from './AddRowButton';
import { GRID_LABELS, rowLabel } from './labels';
import { LineTable } from './LineTable';
import { useGridField } from './useGridField';
import { useRemoveWithUndo } from './useRemoveWithUndo';
import { useRowKeys } from './useRowKeys';
import { useLineStock } from './useLineStock';

const TOP_LEVEL: readonly never[] = [];

/**
 * The goods grid (rows without nested rows), rendered as one rjsf field: Sr. No., the row's inputs,
 * Delete Field on every row but the first (a note's copied lines: on each while two remain), and Add More Product below.
 */
export function LineGridField(props: FieldProps<Row[]>) {
  const { context, field, spec, rows, editor, suggestionsOf } = useGridField(props);
  const rowKeys = useRowKeys(rows.length);
  const [focusRequest, setFocusRequest] = useState<{ index: number }>();
  const stock = useLineStock(spec, context);
  const remove = useRemoveWithUndo(editor, TOP_LEVEL, rowKeys, rowLabel, context.offerUndo);
  const add = async () => {
    if (await editor.add(TOP_LEVEL, spec)) setFocusRequest({ index: rows.length });
  };

  return (
    <section className="bill-lines" aria-label={field.title}>
      <LineTable
        spec={spec}
        rows={rows}
        keys={rowKeys.keys}
        listPath={TOP_LEVEL}
        caption={field.title}
        rowLabel={rowLabel}
        editor={editor}
        suggestionsOf={suggestionsOf}
        removeLabel={GRID_LABELS.deleteRow}
        onRemove={remove}
        focusRequest={focusRequest}
        onAddRow={add}
        stock={stock}
      />
      <AddRowButton label={GRID_LABELS.addRow} onAdd={add} />
    </section>
  );
}
