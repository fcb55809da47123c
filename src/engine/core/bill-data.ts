import type { Row } from './rows';
import { pickFields, toPayload } from './stored-bill';
import type { BillType } from './registry/types';
import { emptyRow } from './row-ops';
import { LINE_SERIALS_KEY } from './line-serials';

/** Today in the operator's time zone, as the ISO date a date input holds. */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A new bill: the next bill number (spec 4), today's date in required date fields, the seller's state as the
 * place of supply (x-role placeOfSupply: a walk-in buyer is most often local), one empty row.
 */
export function newBillData(billType: BillType, billNumber: number, today: string, sellerStateCode = billType.unitInfo.letterhead.stateCode): Row {
  const data: Row = { [billType.roles.billNumber.name]: billNumber };
  const place = billType.roles.placeOfSupply;
  if (place) data[place.name] = sellerStateCode;
  for (const field of billType.header) {
    if (field.widget === 'date' && field.required) data[field.name] = today;
  }
  data[billType.rowsField.name] = [emptyRow(billType.rowsField.rows!)];
  return data;
}

/**
 * Issue 50: a bill as the start of a new one of its type ("Copy as new bill"): everything but its number and its
 * date, which the create screen gives anew (the next number, today), and its lines' serial numbers: those pieces
 * went with the bill copied, so the new one picks its own.
 */
export function copiedAsNew(billType: BillType, data: Row): Row {
  const copy: Row = { ...data };
  delete copy[billType.roles.billNumber.name];
  delete copy[billType.roles.billDate.name];
  const rows = copy[billType.rowsField.name];
  if (Array.isArray(rows)) copy[billType.rowsField.name] = rows.map((row: Row) => withoutSerials(row));
  return copy;
}

function withoutSerials(row: Row): Row {
  const { [LINE_SERIALS_KEY]: _serials, ...rest } = row;
  return rest;
}

/** A stored bill as form data: billno back to the bill number field, internal ids dropped, at least one row. */
export function storedBillToForm(billType: BillType, stored: Row): Row {
  const data = toPayload(billType, stored);
  const rows = data[billType.rowsField.name];
  if (!Array.isArray(rows) || rows.length === 0) data[billType.rowsField.name] = [emptyRow(billType.rowsField.rows!)];
  return data;
}

/**
 * What a bill typed on one screen takes to another type's screen (x-bill.unregisteredAs): the buyer's name and
 * address and every line, by field name. The number, date and place of supply stay the new type's own.
 */
export function carriedOver(from: BillType, to: BillType, data: Row): Row {
  const carried: Row = {};
  for (const role of ['clientName', 'clientAddress'] as const) {
    const name = from.roles[role]?.name;
    if (name !== undefined && to.root.byName[name] && data[name] !== undefined) carried[name] = data[name];
  }
  const rows = data[from.rowsField.name];
  if (Array.isArray(rows) && to.rowsField.name === from.rowsField.name && rows.length > 0) {
    carried[to.rowsField.name] = rows.map((row: Row) => pickFields(to.rowsField.rows!, row));
  }
  return carried;
}
