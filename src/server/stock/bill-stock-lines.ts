import type { BillType, Registry } from '../../engine/core';
import { LINE_SERIALS_KEY as SERIALS_KEY } from '../../engine/core/line-serials';
import { badRequest } from '../http/errors';
import { stockedCatalogOfLines } from './stock-catalogs';

/** A bill line's goods as the stock sees them: the product's name, the quantity and the pieces' serial numbers. */
export interface BillStockLine {
  srno: number;
  name: string;
  qty: unknown;
  serials: string[];
}


const MAX_SERIAL_LENGTH = 60;

const isRow = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A line's serial numbers as sent: a list of texts (each trimmed, none empty), or none. */
function serialsOf(row: Record<string, unknown>, srno: number): string[] {
  const value = row[SERIALS_KEY];
  if (value === undefined || value === null) return [];
  const serials = Array.isArray(value) ? value.map((serial) => (typeof serial === 'string' ? serial.trim() : '')) : undefined;
  if (!serials || serials.some((serial) => serial === '' || serial.length > MAX_SERIAL_LENGTH)) {
    throw badRequest(`Serial numbers at Sr. No. ${srno} must be a list of texts of at most ${MAX_SERIAL_LENGTH} characters.`);
  }
  return serials;
}

/**
 * The goods lines of a bill that picks from a stocked catalog: the field that picks the product, and the quantity
 * (the first factor of the line's computed amount, x-productOf), read from the schema rather than named.
 */
export function billStockLines(registry: Registry, billType: BillType, lines: unknown[]): BillStockLine[] {
  const catalog = stockedCatalogOfLines(registry, billType);
  const rows = billType.rowsField.rows;
  const picker = rows?.fields.find((field) => field.catalog === catalog?.name);
  const qtyField = rows?.fields.find((field) => field.productOf)?.productOf?.[0];
  if (!catalog || !picker || !qtyField) return [];
  return lines.filter(isRow).map((row, index) => ({
    srno: index + 1,
    name: typeof row[picker.name] === 'string' ? (row[picker.name] as string).trim() : '',
    qty: row[qtyField],
    serials: serialsOf(row, index + 1),
  }));
}

/**
 * The normalized lines with each sent line's serial numbers put back (normalizing keeps only the schema's fields):
 * they are stored, printed and answered with the line. Lines without any stay as they are.
 */
export function withSerials(registry: Registry, billType: BillType, sent: unknown, normalized: unknown): unknown {
  if (!stockedCatalogOfLines(registry, billType) || !Array.isArray(sent) || !Array.isArray(normalized)) return normalized;
  return normalized.map((row, index) => {
    const from = sent[index];
    if (!isRow(row) || !isRow(from)) return row;
    const serials = serialsOf(from, index + 1);
    return serials.length ? { ...row, [SERIALS_KEY]: serials } : row;
  });
}
