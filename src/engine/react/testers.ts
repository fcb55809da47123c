import type { FieldSpec } from '../core/registry/types';

/**
 * Renderers are chosen by testers over a field's schema keywords (the JSON Forms idea), never by bill
 * type: the first tester that matches names the control, widget or field.
 */
export type ControlKind = 'rowNumber' | 'autocomplete' | 'select' | 'number' | 'date' | 'textarea' | 'text';

const CONTROL_TESTERS: ReadonlyArray<[ControlKind, (field: FieldSpec) => boolean]> = [
  ['rowNumber', (field) => field.rowNumber],
  ['autocomplete', (field) => field.catalog !== undefined],
  ['select', (field) => field.widget === 'select' && (field.options?.length ?? 0) > 0],
  ['number', (field) => field.widget === 'number'],
  ['date', (field) => field.widget === 'date'],
  ['textarea', (field) => field.widget === 'textarea'],
];

export function controlKind(field: FieldSpec): ControlKind {
  return CONTROL_TESTERS.find(([, test]) => test(field))?.[0] ?? 'text';
}

/** The rjsf widget (theme map key) of every header field: it renders the control controlKind names. */
export const FIELD_WIDGET = 'FieldWidget';

/** Rows holding rows (products with services) or flat rows (goods lines). */
const ROWS_TESTERS: ReadonlyArray<[string, (field: FieldSpec) => boolean]> = [
  ['ServiceProductsField', (field) => field.rows?.fields.some((child) => child.rows !== undefined) === true],
  ['LineGridField', (field) => field.rows !== undefined],
];

/** The custom rjsf field (theme map key) of a list of rows, if the field is one. */
export function rowsFieldFor(field: FieldSpec): string | undefined {
  return ROWS_TESTERS.find(([, test]) => test(field))?.[0];
}

/** A field a person edits: not the automatic Sr. No., not a computed amount. */
export function isEditable(field: FieldSpec): boolean {
  return !field.readOnly && !field.rowNumber && field.productOf === undefined;
}
