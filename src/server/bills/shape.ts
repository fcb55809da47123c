import { coerceNumbers, STORED_BILL_NUMBER, type BillType } from '../../engine/core';
import type { BillRecord } from '../storage';

type Bill = Record<string, unknown>;

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** The storage record of a normalised bill: the number out of `invoiceno`, other header fields, rows. */
export function recordOf(billType: BillType, normalized: Bill): BillRecord {
  const header: Bill = {};
  for (const field of billType.header) {
    if (field.role !== 'billNumber' && normalized[field.name] !== undefined) header[field.name] = normalized[field.name];
  }
  const lines = normalized[billType.rowsField.name];
  return {
    unit: billType.unit,
    type: billType.type,
    billno: Number(normalized[billType.roles.billNumber.name]),
    billDate: text(normalized[billType.roles.billDate.name]),
    clientName: text(normalized[billType.roles.clientName.name]),
    header,
    lines: Array.isArray(lines) ? lines : [],
  };
}

/**
 * The bill as `/api/{unit}/getbill` answers it and the PDF renders it (spec 3): the header fields in
 * schema order with `billno` in place of the bill number field, then the rows.
 */
export function storedBill(billType: BillType, record: BillRecord): Bill {
  const bill: Bill = {};
  for (const field of billType.header) {
    if (field.role === 'billNumber') bill[STORED_BILL_NUMBER] = record.billno;
    else if (record.header[field.name] !== undefined) bill[field.name] = record.header[field.name];
  }
  bill[billType.rowsField.name] = record.lines;
  // Bills stored before numbers were kept as numbers hold them as text: answered as numbers all the same.
  return coerceNumbers(billType.root, bill) as Bill;
}
