import {
  BILL_YEAR_KEY,
  coerceNumbers,
  financialYearLabel,
  financialYearOf,
  PRINTED_NUMBER_KEY,
  printedNumberOf,
  storedKey,
  type BillType,
  type StoredBill,
} from '../../engine/core';
import type { BillRecord } from '../storage';

type Bill = Record<string, unknown>;

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/**
 * The storage record of a stored bill: its number, year (of its date) and printed number, list columns, the
 * other header fields, its rows.
 */
export function recordOf(billType: BillType, bill: StoredBill): BillRecord {
  const header: Bill = {};
  for (const field of billType.header) {
    if (field.role !== 'billNumber' && bill[field.name] !== undefined) header[field.name] = bill[field.name];
  }
  const lines = bill[billType.rowsField.name];
  const billDate = text(bill[billType.roles.billDate.name]);
  return {
    unit: billType.unit,
    type: billType.type,
    fy: financialYearOf(billDate),
    billno: bill.billno,
    printedNo: printedNumberOf(billType, bill),
    billDate,
    clientName: text(bill[billType.roles.clientName.name]),
    header,
    lines: Array.isArray(lines) ? lines : [],
  };
}

/**
 * The stored bill of a record, as `/api/{unit}/getbill` answers it and the PDF renders it (spec 3), with its
 * year and printed number beside the fields.
 */
export function storedBill(billType: BillType, record: BillRecord): StoredBill {
  const bill: Bill = {};
  for (const field of billType.header) {
    const value = field.role === 'billNumber' ? record.billno : record.header[field.name];
    if (value !== undefined) bill[storedKey(field)] = value;
  }
  bill[billType.rowsField.name] = record.lines;
  // Bills stored before numbers were kept as numbers hold them as text: answered as numbers all the same.
  const coerced = coerceNumbers(billType.root, bill) as StoredBill;
  return { ...coerced, [BILL_YEAR_KEY]: financialYearLabel(record.fy), [PRINTED_NUMBER_KEY]: record.printedNo };
}
