import { paiseToNumber, type Registry, type Unit } from '../../engine/core';
import type { CancelledBill, PaiseTotals, RegisterJsonMember, RegisterRow } from '../storage/sales-reports';
import { clientKeys, salesTypesOf } from './scope';

/** The register's money columns: answer key, title, and the stored figure it shows. */
export const MONEY_COLUMNS = [
  { key: 'taxable', title: 'Taxable Value', figure: 'taxable' },
  { key: 'cgst', title: 'CGST', figure: 'cgst' },
  { key: 'sgst', title: 'SGST', figure: 'sgst' },
  { key: 'igst', title: 'IGST', figure: 'igst' },
  { key: 'roundoff', title: 'Round Off', figure: 'roundOff' },
  { key: 'total', title: 'Total', figure: 'total' },
] as const satisfies ReadonlyArray<{ key: string; title: string; figure: keyof PaiseTotals }>;

export interface TextColumn {
  key: string;
  title: string;
  kind: 'text' | 'number' | 'date';
  /** The row's field: the answer value (JSON) and what the database writes into a row's JSON. */
  field: RegisterJsonMember['field'] & keyof RegisterRow;
  /** What a person reads in CSV and Excel (the bill type's menu label rather than its value, say). */
  shown(row: RegisterRow): string | number;
}

/**
 * The register's columns in order (issue 18: billtype, billno, date, clientname, gstno, then the money):
 * the client, date and GSTIN keys and titles come from the bill types' role fields.
 */
export function registerColumns(registry: Registry, unit: Unit): { text: TextColumn[]; moneyTitles: string[] } {
  const keys = clientKeys(registry, unit);
  const sample = salesTypesOf(registry, unit)[0] ?? registry.billTypes[0];
  const titleOf = (role: 'billNumber' | 'billDate' | 'clientName', fallback: string) =>
    sample.roles[role].listColumn?.title ?? fallback;
  const gstinField = registry.billTypes.find((b) => b.roles.clientGstin)?.roles.clientGstin;
  const label = (type: string) => registry.byType(type)?.menuLabel ?? type;
  const text: TextColumn[] = [
    { key: 'billtype', title: 'Bill Type', kind: 'text', field: 'type', shown: (r) => label(r.type) },
    // People read the number as printed ("S/2"); the JSON keeps billno the bare number, beside printedno.
    { key: 'billno', title: titleOf('billNumber', 'Bill No.'), kind: 'number', field: 'billno', shown: (r) => r.printedNo },
    { key: keys.date, title: titleOf('billDate', 'Date'), kind: 'date', field: 'billDate', shown: (r) => r.billDate },
    { key: keys.name, title: titleOf('clientName', 'Client'), kind: 'text', field: 'clientName', shown: (r) => r.clientName },
    {
      key: keys.gstin,
      title: gstinField?.title ?? 'GSTIN',
      kind: 'text',
      field: 'clientGstin',
      shown: (r) => r.clientGstin || (registry.byType(r.type)?.tax ? UNREGISTERED : ''),
    },
  ];
  return { text, moneyTitles: MONEY_COLUMNS.map((c) => c.title) };
}

/** What the register shows in place of a GSTIN on a GST bill to a buyer without one (GSTR-1's B2C). */
export const UNREGISTERED = 'Unregistered';

/** A register row's JSON members in answer order: the text columns, the printed number, then the money. */
export function registerJsonMembers(registry: Registry, unit: Unit): RegisterJsonMember[] {
  return [
    ...registerColumns(registry, unit).text.map((column) => ({ key: column.key, field: column.field })),
    { key: PRINTED_NUMBER_KEY, field: 'printedNo' },
    ...MONEY_COLUMNS.map((column) => ({ key: column.key, field: column.figure, money: true })),
  ];
}

/** The JSON key of a bill's printed number ("S/2") in the register's rows and cancelled bills. */
export const PRINTED_NUMBER_KEY = 'printedno';

/** What CSV and Excel print in the Bill Type column of a cancelled (deleted) bill, listed after the live ones. */
export const cancelledLabel = (registry: Registry, bill: CancelledBill) =>
  `${registry.byType(bill.type)?.menuLabel ?? bill.type} (Cancelled)`;

/** The money of a row or of the totals as JSON numbers (2 decimal places of value). */
export function moneyAnswer(figures: PaiseTotals): Record<string, number> {
  const answer: Record<string, number> = {};
  for (const column of MONEY_COLUMNS) answer[column.key] = paiseToNumber(figures[column.figure]);
  return answer;
}
