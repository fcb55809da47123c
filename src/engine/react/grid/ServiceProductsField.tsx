import type { FieldProps } from '@rjsf/utils';
import type { Row } from '../../core/rows';
import { AddRowButton } from './AddRowButton';
import { GRID_LABELS, rowLabel } from './labels';
import { ServiceProduct } from './ServiceProduct';
import { useFocusRow } from './useFocusRow';
import { useGridField } from './useGridField';
import { useRemoveWithUndo } from './useRemoveWithUndo';
import { useRowKeys } from './useRowKeys';
import { useVirtualRows } from './useVirtualRows';

const TOP_LEVEL: readonly never[] = [];
/** Estimated height of a product with one service, in px; real heights are measured. */
const PRODUCT_HEIGHT = 200;

/**
 * The service grid (rows holding rows), rendered as one rjsf field: a card per product with its
 * services, Add More Product below. Long bills render only the products near the viewport.
 */
export function ServiceProductsField(props: FieldProps<Row[]>) {
  const { context, field, spec, rows, editor, formId, suggestionsOf } = useGridField(props);
  const rowKeys = useRowKeys(rows.length);
  const { keys } = rowKeys;
  const virtual = useVirtualRows<HTMLDivElement>(rows.length, PRODUCT_HEIGHT, (index) => keys[index] ?? index);
  const focusRow = useFocusRow(virtual);

  const remove = useRemoveWithUndo(editor, TOP_LEVEL, rowKeys, rowLabel, context.offerUndo);
  const add = async () => {
    if (await editor.add(TOP_LEVEL, spec)) focusRow(rows.length);
  };

  return (
    <section className="bill-lines" aria-label={field.title}>
      <div ref={virtual.listRef} className="bill-products">
        {virtual.before > 0 && <div aria-hidden="true" style={{ height: virtual.before }} />}
        {virtual.indexes.map((index) => (
          <ServiceProduct
            key={keys[index]}
            spec={spec}
            row={rows[index]}
            index={index}
            formId={formId}
            editor={editor}
            suggestionsOf={suggestionsOf}
            removable={editor.canRemove(index, rows.length)}
            onRemove={remove}
            offerUndo={context.offerUndo}
            measureRow={virtual.measureRow}
          />
        ))}
        {virtual.after > 0 && <div aria-hidden="true" style={{ height: virtual.after }} />}
      </div>
      <AddRowButton label={GRID_LABELS.addRow} onAdd={add} />
    </section>
  );
}
