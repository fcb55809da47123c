import { lineValue, readDiscount, toDecimal, type LineValue } from './money';
import { coerceNumber, discountText, isNumberField } from './numbers';
import { ownValue } from './own-keys';
import type { BillType, FieldSpec, ObjectSpec } from './registry/types';
import { normalizeText } from './visible-text';

export type Row = Record<string, unknown>;

/** Sr. No. renumbered 1, 2, 3 ... (spec 4: after every change), nested lists included. */
export function renumberRows(spec: ObjectSpec, rows: readonly Row[]): Row[] {
  return rows.map((row, index) => {
    const renumbered: Row = { ...row };
    for (const field of spec.fields) {
      if (field.rowNumber) renumbered[field.name] = index + 1;
      else if (field.rows && Array.isArray(row[field.name])) {
        renumbered[field.name] = renumberRows(field.rows, row[field.name] as Row[]);
      }
    }
    return renumbered;
  });
}

/**
 * A computed row's value before tax (x-productOf: qty x rate, less the row's x-discount if it has one); undefined for
 * a row without a computed amount or while qty or rate is empty.
 */
export function rowValue(spec: ObjectSpec, row: Row): LineValue | undefined {
  const computed = spec.fields.find((field) => field.productOf);
  if (!computed) return undefined;
  const discountField = spec.fields.find((field) => field.discount);
  const discount = discountField && readDiscount(row[discountField.name], discountField.discount === 'percent');
  const [a, b] = computed.productOf!;
  return lineValue(row[a], row[b], discount) ?? undefined;
}

/**
 * The computed amount of a row (its net value, rowValue) after one of its inputs changed. The one place a line
 * amount is computed: screen, server, PDF.
 */
export function recomputeRow(spec: ObjectSpec, row: Row): Row {
  const computed = spec.fields.filter((field) => field.productOf);
  if (!computed.length) return row;
  const amount = rowValue(spec, row)?.net.toFixed(2) ?? '';
  const next = { ...row };
  for (const field of computed) next[field.name] = amount;
  return next;
}

/** The fields whose change recomputes the row's amount: the x-productOf inputs and the discount. */
export function feedsAmount(spec: ObjectSpec, name: string): boolean {
  return ownValue(spec.byName, name)?.discount !== undefined || spec.fields.some((f) => f.productOf?.includes(name));
}

/**
 * The discount taken off a money-carrying row before tax, 0 without one: what the e-invoice reports beside the
 * taxable value and the PDF prints.
 */
export function leafDiscount(leaf: LeafRow) {
  return rowValue(leaf.spec, leaf.row)?.discount ?? toDecimal(0);
}

const isBlankValue = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/** An optional field that is not text (a number such as a discount), or a discount, left blank: stored as absent. */
function blankOptional(field: FieldSpec, value: unknown): boolean {
  const notText = ![field.schema.type].flat().every((t) => t === 'string');
  return !field.required && !field.rows && (notText || field.discount !== undefined) && isBlankValue(value);
}

/**
 * The payload without its blank optional numbers ("" or null, from a form or over the API): they are
 * checked and stored as absent, so a blank Discount % is no discount rather than an invalid number.
 */
export function withoutBlankOptionals(spec: ObjectSpec, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const kept: [string, unknown][] = [];
  for (const [name, item] of Object.entries(value as Row)) {
    const field = ownValue(spec.byName, name);
    if (field && blankOptional(field, item)) continue;
    kept.push([name, field?.rows && Array.isArray(item) ? item.map((row) => withoutBlankOptionals(field.rows!, row)) : item]);
  }
  // fromEntries defines each key as the object's own, so a sent `__proto__` stays a key and sets no prototype.
  return Object.fromEntries(kept);
}

/**
 * The payload as it is stored: only the schema's fields, text in NFC and trimmed, numbers as JSON numbers (money to
 * 2 places of value), computed amounts recomputed exactly, rows renumbered. Run after validation.
 */
export function normalizeBill(billType: BillType, payload: Row): Row {
  return normalizeObject(billType.root, payload, 0);
}

function normalizeObject(spec: ObjectSpec, value: Row, index: number): Row {
  const normalized: Row = {};
  for (const field of spec.fields) {
    if (field.rowNumber) normalized[field.name] = index + 1;
    else if (value[field.name] !== undefined && !blankOptional(field, value[field.name])) {
      normalized[field.name] = normalizeValue(field, value[field.name]);
    }
  }
  const recomputed = recomputeRow(spec, normalized);
  for (const field of spec.fields) {
    if (field.productOf) recomputed[field.name] = coerceNumber(field, recomputed[field.name]);
  }
  return recomputed;
}

function normalizeValue(field: FieldSpec, value: unknown): unknown {
  if (field.rows) {
    return Array.isArray(value) ? value.map((row, i) => normalizeObject(field.rows!, row as Row, i)) : value;
  }
  if (isNumberField(field)) return coerceNumber(field, value);
  const text = field.discount === 'percentOrAmount' ? discountText(value) : value;
  return typeof text === 'string' ? normalizeText(text) : text;
}

/** The bill type a quotation converts to (x-bill.convertsTo), if any. */
export function conversionTarget(billTypes: readonly BillType[], billType: BillType): BillType | undefined {
  return billType.convertsTo === undefined ? undefined : billTypes.find((b) => b.type === billType.convertsTo);
}

/** A row that carries money (a goods row; a service under a product), with the spec of its shape. */
export interface LeafRow {
  spec: ObjectSpec;
  row: Row;
  /** The top-level row it belongs to (the row itself for goods). */
  topIndex: number;
}

/** Every money-carrying row of a bill, walking into nested lists, in document order. */
export function leafRows(billType: BillType, bill: Row): LeafRow[] {
  const collect = (field: FieldSpec, rows: unknown, topIndex: number | undefined): LeafRow[] => {
    if (!Array.isArray(rows)) return [];
    const spec = field.rows!;
    const nested = spec.fields.find((f) => f.rows);
    return rows.flatMap((row: Row, index) =>
      nested
        ? collect(nested, row[nested.name], topIndex ?? index)
        : [{ spec, row, topIndex: topIndex ?? index }],
    );
  };
  return collect(billType.rowsField, bill[billType.rowsField.name], undefined);
}

/** The value of the first field of a row carrying a keyword (money, hsn, taxRate). */
export function valueWith(leaf: LeafRow, keyword: 'money' | 'hsn' | 'taxRate'): unknown {
  const field = leaf.spec.fields.find((f) => f[keyword]);
  return field ? leaf.row[field.name] : undefined;
}

export function leafAmount(leaf: LeafRow) {
  return toDecimal(valueWith(leaf, 'money'));
}
