import type { BillType, FieldSpec } from './registry/types';

/**
 * The lines of a bill as the PDF prints them, goods and services together: every row that holds no
 * nested list (a service bill's product is a heading over its services). Counts what it can read; a
 * malformed list counts as empty and is left to the schema check.
 */
export function lineCount(billType: BillType, payload: unknown): number {
  return countRows(billType.rowsField, isObject(payload) ? payload[billType.rowsField.name] : undefined);
}

function countRows(field: FieldSpec, value: unknown): number {
  if (!Array.isArray(value)) return 0;
  const nested = field.rows?.fields.filter((child) => child.rows !== undefined) ?? [];
  if (nested.length === 0) return value.length;
  let count = 0;
  for (const row of value) {
    if (!isObject(row)) continue;
    for (const child of nested) count += countRows(child, row[child.name]);
  }
  return count;
}

/** The bill type's `x-bill.maxLines` message when the payload has more lines; undefined when it has not. */
export function tooManyLines(billType: BillType, payload: unknown): string | undefined {
  const count = lineCount(billType, payload);
  if (count <= billType.maxLines) return undefined;
  return `A bill can have at most ${billType.maxLines} lines (goods and services together); this one has ${count}.`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
