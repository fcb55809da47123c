import type { BillType, FieldSpec, ObjectSpec } from './registry/types';

type Fields = Record<string, unknown>;

/**
 * Spec 3 and 7: a stored bill answers its number as `billno`, while the form and the create call hold it in
 * the bill-number field (`invoiceno`). That rename happens only here, at the edge between the two shapes.
 */
export const STORED_BILL_NUMBER = 'billno';

/** Keys a stored bill answers beside its fields: its financial year ("2026-27") and its number as printed. */
export const BILL_YEAR_KEY = 'fy';
export const PRINTED_NUMBER_KEY = 'printedno';

/**
 * A bill as the engine keeps it: the number under `billno`, the other header fields under their names, the
 * rows under the rows field. What `getbill` answers, the PDF prints, lists show and reports add up.
 */
export type StoredBill = Fields & { billno: number };

/** The key a header field has in a stored bill (and in a list row): `billno` for the bill number. */
export function storedKey(field: FieldSpec): string {
  return field.role === 'billNumber' ? STORED_BILL_NUMBER : field.name;
}

/** Only the schema's fields of an object, nested rows included: drops internal ids (_id) and anything else. */
export function pickFields(spec: ObjectSpec, value: Fields): Fields {
  const picked: Fields = {};
  for (const field of spec.fields) {
    const item = value[field.name];
    if (item === undefined) continue;
    picked[field.name] = field.rows && Array.isArray(item) ? item.map((row: Fields) => pickFields(field.rows!, row)) : item;
  }
  return picked;
}

/** The stored bill of a (normalised) payload: header fields in schema order, the number as `billno`, the rows. */
export function toStoredBill(billType: BillType, payload: Fields): StoredBill {
  const bill: Fields = {};
  for (const field of billType.header) {
    if (payload[field.name] !== undefined) bill[storedKey(field)] = payload[field.name];
  }
  bill[billType.rowsField.name] = payload[billType.rowsField.name];
  return { ...bill, billno: Number(payload[billType.roles.billNumber.name]) };
}

/** The payload (and form data) of a stored bill: the number back in its field, only the schema's fields. */
export function toPayload(billType: BillType, stored: Fields): Fields {
  return pickFields(billType.root, { ...stored, [billType.roles.billNumber.name]: stored[STORED_BILL_NUMBER] });
}
