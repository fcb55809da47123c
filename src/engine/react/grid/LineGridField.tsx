import type { FieldProps } from '@rjsf/utils';
import { useCallback, useState } from 'react';
import type { Row } from '../../core/rows';
import { AddRowButton } from './AddRowButton';
import { GRID_LABELS, rowLabel } from './labels';
import { LineTable } from './LineTable';
import { useGridField } from './useGridField';
import { useRowKeys } from './useRowKeys';

const TOP_LEVEL: readonly never[] = [];

/**
 * The goods grid (rows without nested rows), rendered as one rjsf field: Sr. No., the row's inputs,
 * Delete Field on every row but the first, and Add More Product below.
 */
export function LineGridField(props: FieldProps<Row[]>) {
  const { field, spec, rows, editor, suggestionsOf } = useGridField(props);
  const { keys, removeKey } = useRowKeys(rows.length);
  const [focusRequest, setFocusRequest] = useState<{ index: number }>();

  const remove = useCallback(
    (index: number) => {
      if (editor.remove(TOP_LEVEL, index)) removeKey(index);
    },
    [editor, removeKey],
  );
  const add = async () => {
    if (await editor.add(TOP_LEVEL, spec)) setFocusRequest({ index: rows.length });
  };

  return (
    <section className="bill-lines" aria-label={field.title}>
      <LineTable
        spec={spec}
        rows={rows}
        keys={keys}
        listPath={TOP_LEVEL}
        caption={field.title}
        rowLabel={rowLabel}
        editor={editor}
        suggestionsOf={suggestionsOf}
        removeLabel={GRID_LABELS.deleteRow}
        onRemove={remove}
        focusRequest={focusRequest}
        onAddRow={add}
      />
      <AddRowButton label={GRID_LABELS.addRow} onAdd={add} />
    </section>
  );
}
