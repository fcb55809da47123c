import { billNumberOf, billTotals, type BillTotals, type BillType, type FieldSpec, type Row, type Unit } from '../engine/core';
import { plainText } from './format';

/** What every section of the document reads: the bill type, its unit, the bill and its totals. */
export interface DocumentContext {
  billType: BillType;
  unit: Unit;
  bill: Row;
  totals: BillTotals;
}

export function documentContext(billType: BillType, bill: Row): DocumentContext {
  return { billType, unit: billType.unitInfo, bill, totals: billTotals(billType, bill) };
}

/** A header field's stored value: the bill number lives under billno, every other field under its name. */
export function headerValue(context: DocumentContext, field: FieldSpec): unknown {
  const { bill } = context;
  return field.role === 'billNumber' ? billNumberOf(context.billType, bill) : bill[field.name];
}

export function billNumberText(context: DocumentContext): string {
  return plainText(headerValue(context, context.billType.roles.billNumber));
}

export function clientName(context: DocumentContext): string {
  return plainText(headerValue(context, context.billType.roles.clientName));
}

/** "TAX INVOICE Invoice No. 1024": the running text of page headers and footers. */
export function documentReference(context: DocumentContext): string {
  const { pdf } = context.billType;
  return `${pdf.title}  ·  ${pdf.numberLabel} ${billNumberText(context)}`;
}
