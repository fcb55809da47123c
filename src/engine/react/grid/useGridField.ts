import type { FieldProps } from '@rjsf/utils';
import { useCallback, useMemo } from 'react';
import type { Row } from '../../core/rows';
import type { FieldSpec } from '../../core/registry/types';
import { catalogSource } from '../catalog-source';
import type { ComboboxSource } from '../controls/Combobox';
import { billFormContext } from '../form-context';
import { emptyRow } from '../../core/row-ops';
import { useRowsEditor } from './useRowsEditor';

/** What both row grids share: their field spec, rows (never fewer than one), editor and suggestion lists. */
export function useGridField(props: FieldProps<Row[]>) {
  const { registry, name, formData, onChange, fieldPathId } = props;
  const context = billFormContext(registry);
  const field: FieldSpec = context.billType.root.byName[name];
  const spec = field.rows!;
  const rows = useMemo(() => (Array.isArray(formData) && formData.length > 0 ? formData : [emptyRow(spec)]), [formData, spec]);
  const path = fieldPathId.path;
  const emit = useCallback((next: Row[]) => onChange(next, path), [onChange, path]);
  const editor = useRowsEditor(spec, rows, emit, context);
  const formId = fieldPathId.$id;
  const store = context.store;
  const suggestionsOf = useCallback((catalog: string): ComboboxSource => catalogSource(store, catalog), [store]);
  return { context, field, spec, rows, editor, formId, suggestionsOf };
}
