import {
  billTotals,
  formatIndian,
  leafRows,
  parseDecimal,
  type AuditedDocument,
  type AuditedLine,
  type AuditLabels,
  type BillType,
  type FieldSpec,
  type LeafRow,
  type ObjectSpec,
  type Row,
} from '../../engine/core';

/** A bill as its audit rows hold it (storage BillRecord): the header fields and the rows. */
export interface AuditedBill {
  header?: Record<string, unknown>;
  lines?: unknown[];
}

/** A value as the trail shows it: numbers with the places their field prints (x-decimals). */
export function shownValue(value: unknown, field?: FieldSpec): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  const decimals = field?.decimals ?? (field?.money ? 2 : undefined);
  const number = decimals === undefined ? null : parseDecimal(value);
  return number ? number.toFixed(decimals) : String(value);
}

/** The field that names a row: the one picking from a saved list (x-catalog), else its first text field. */
function nameField(spec: ObjectSpec): FieldSpec | undefined {
  return spec.fields.find((field) => field.catalog) ?? spec.fields.find((field) => field.widget === 'text' && !field.rowNumber && !field.rows);
}

/** "Engine oil 15W40 × 2 @ 450.00": a row's description (under its product's, when nested), quantity and rate. */
function lineOf(billType: BillType, lines: unknown[], leaf: LeafRow): AuditedLine {
  const named = nameField(leaf.spec);
  const parentSpec = billType.rowsField.rows!;
  const parent = leaf.spec === parentSpec ? undefined : (lines[leaf.topIndex] as Row | undefined);
  const parentName = parent && nameField(parentSpec);
  const key = [parentName && parent[parentName.name], named && leaf.row[named.name]].filter((part) => part !== undefined && part !== '').join(' — ');
  const money = leaf.spec.fields.find((field) => field.money);
  const [qtyName, rateName] = money?.productOf ?? [undefined, money?.defaultFrom];
  const shown = (name: string | undefined) => (name ? shownValue(leaf.row[name], leaf.spec.byName[name]) : '');
  const text = `${key}${qtyName ? ` × ${shown(qtyName)}` : ''}${rateName ? ` @ ${shown(rateName)}` : ''}`;
  const values: Record<string, string> = {};
  for (const field of leaf.spec.fields) {
    if (field === named || field.rowNumber || field.rows) continue;
    values[field.title] = shownValue(leaf.row[field.name], field);
  }
  return { key, text, values };
}

/** The header field names a bill's audit rows compare, with their titles from the bill type's schema. */
export function billLabels(billType: BillType): AuditLabels {
  return Object.fromEntries(billType.header.filter((field) => field.role !== 'billNumber').map((field) => [field.name, field.title]));
}

/** A bill of an audit row as the trail compares it: header fields, lines and (a priced bill) Total and Tax. */
export function billView(billType: BillType, record: AuditedBill): AuditedDocument {
  const header = record.header ?? {};
  const lines = Array.isArray(record.lines) ? record.lines : [];
  const fields: Record<string, string> = {};
  for (const field of billType.header) if (field.role !== 'billNumber') fields[field.name] = shownValue(header[field.name], field);
  const bill: Row = { ...header, [billType.rowsField.name]: lines };
  const view: AuditedDocument = { fields, lines: leafRows(billType, bill).map((leaf) => lineOf(billType, lines, leaf)) };
  if (!billType.priced) return view;
  const totals = billTotals(billType, bill);
  view.figures = { Total: formatIndian(totals.grandTotal) };
  if (totals.tax) view.figures.Tax = formatIndian(totals.tax.total.totalTax);
  return view;
}
