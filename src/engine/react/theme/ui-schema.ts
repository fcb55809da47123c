import type { UiSchema } from '@rjsf/utils';
import type { BillType } from '../../core/registry/types';
import type { EditorMode } from '../form-context';
import { FIELD_WIDGET, rowsFieldFor } from '../testers';

/**
 * The uiSchema of a bill type, derived from its schema keywords: a widget per header field, a field per
 * list of rows. The screen has its own save buttons, so rjsf's submit button is left out.
 */
export function uiSchemaFor(billType: BillType, mode: EditorMode = 'create'): UiSchema {
  const uiSchema: UiSchema = {
    'ui:order': billType.root.fields.map((field) => field.name),
    'ui:submitButtonOptions': { norender: true },
  };
  for (const field of billType.root.fields) {
    const rowsField = rowsFieldFor(field);
    uiSchema[field.name] = rowsField ? { 'ui:field': rowsField } : { 'ui:widget': FIELD_WIDGET };
  }
  // An edited bill keeps its number: the update is addressed by it (a conversion takes the target's next one).
  if (mode === 'edit') uiSchema[billType.roles.billNumber.name]['ui:readonly'] = true;
  return uiSchema;
}
