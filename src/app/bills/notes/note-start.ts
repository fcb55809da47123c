import { stateCodeOf } from '../../../engine/core/gst';
import type { BillType, BillTypeEntry, FieldRole } from '../../../engine/core/registry/types';
import { leafRows, valueWith, type LeafRow, type Row } from '../../../engine/core/rows';
import { pickFields, BILL_YEAR_KEY, PRINTED_NUMBER_KEY } from '../../../engine/core/stored-bill';
import { storedBillToForm } from '../../../engine/core/bill-data';

/** The bill a note corrects, as its create screen's address names it: ?against=taxinvoice:5:2026-27. */
export interface AgainstRef {
  billtype: string;
  billno: number;
  fy?: string;
}

export const AGAINST_PARAM = 'against';
/** A financial year as the API writes it: 2026-27. */
export const FINANCIAL_YEAR = /^\d{4}-\d{2}$/;

export function againstParam(ref: AgainstRef): string {
  return [ref.billtype, ref.billno, ...(ref.fy ? [ref.fy] : [])].join(':');
}

export function parseAgainst(value: string | null): AgainstRef | undefined {
  const [billtype, number, fy] = (value ?? '').split(':');
  const billno = Number(number);
  if (!billtype || !Number.isSafeInteger(billno) || billno < 1) return undefined;
  if (fy !== undefined && !FINANCIAL_YEAR.test(fy)) return undefined;
  return { billtype, billno, ...(fy && { fy }) };
}

/** The note's create screen for `original` of `originalType`: its path with ?against=. */
export const againstOf = (originalType: BillTypeEntry, original: Row): AgainstRef => ({
  billtype: originalType.type,
  billno: Number(original.billno),
  ...(typeof original[BILL_YEAR_KEY] === 'string' && { fy: original[BILL_YEAR_KEY] as string }),
});

/** "Tax Invoice Bill No. 5": how the note's screen names the original, by its printed number. */
export const originalName = (originalType: BillTypeEntry, original: Row) =>
  `${originalType.menuLabel} No. ${String(original[PRINTED_NUMBER_KEY] ?? original.billno)}`;

const BUYER_ROLES: FieldRole[] = ['clientName', 'clientAddress', 'clientGstin', 'placeOfSupply'];

/**
 * One line of the note from a line of the original: the fields both shapes share by name (a goods line's
 * description, HSN, rate, quantity, unit and amount), and by keyword the HSN, GST rate and amount of a line of
 * another shape (a service: one at its amount).
 */
function noteLine(noteType: BillType, leaf: LeafRow): Row {
  const spec = noteType.rowsField.rows!;
  const line = pickFields(spec, leaf.row);
  const fieldWith = (keyword: 'hsn' | 'taxRate' | 'money') => spec.fields.find((f) => f[keyword]);
  for (const keyword of ['hsn', 'taxRate', 'money'] as const) {
    const field = fieldWith(keyword);
    if (field && line[field.name] === undefined) line[field.name] = valueWith(leaf, keyword);
  }
  const product = spec.fields.find((f) => f.productOf);
  if (product?.productOf && line[product.productOf[0]] === undefined) {
    const [quantity, rate] = product.productOf;
    line[quantity] = '1';
    line[rate] = valueWith(leaf, 'money');
  }
  const description = spec.fields.find((f) => f.widget === 'text' && !f.rowNumber && !f.hsn && !f.productOf && !f.money);
  if (description && line[description.name] === undefined) {
    const text = leaf.spec.fields.find((f) => f.widget === 'text' && !f.rowNumber && !f.hsn && typeof leaf.row[f.name] === 'string');
    if (text) line[description.name] = leaf.row[text.name];
  }
  return line;
}

/**
 * A note's first form data from the bill it corrects (issue 28): the buyer (name, address, GSTIN, place of supply)
 * and every line, to be reduced or removed; the note's number, date and reason are the clerk's.
 */
export function noteStartData(noteType: BillType, originalType: BillType, stored: Row): Row {
  const original = storedBillToForm(originalType, stored);
  const data: Row = {};
  for (const role of BUYER_ROLES) {
    const to = noteType.roles[role];
    const from = originalType.roles[role];
    if (to && from && original[from.name] !== undefined) data[to.name] = original[from.name];
  }
  const place = noteType.roles.placeOfSupply;
  const gstin = originalType.roles.clientGstin && String(original[originalType.roles.clientGstin.name] ?? '');
  if (place && data[place.name] === undefined && gstin) data[place.name] = stateCodeOf(gstin) ?? '';
  data[noteType.rowsField.name] = leafRows(originalType, original).map((leaf) => noteLine(noteType, leaf));
  return data;
}
