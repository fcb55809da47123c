import type { BillType, Catalog, ObjectSpec, Registry } from '../../engine/core';

/** A saved-list entry a bill's line names: the list, the name as typed, and the list's fills from the line. */
export interface CatalogLine {
  catalog: string;
  name: string;
  /** The catalog's `fills` (hsn, taxrate ...) as the line holds them; empty when the line leaves one out. */
  details: Record<string, string>;
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

function isRow(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every goods name, service product name and service of a bill's lines, with the list (`x-catalog`) each is
 * picked from, so the server can save them all with the bill. One entry per list and name (ignoring case):
 * the last line that names it gives the details, as the bill's last word on its HSN and rate.
 */
export function catalogLinesOf(registry: Registry, billType: BillType, lines: unknown[]): CatalogLine[] {
  const found = new Map<string, CatalogLine>();
  const visit = (spec: ObjectSpec, rows: unknown[]) => {
    for (const row of rows) {
      if (!isRow(row)) continue;
      for (const field of spec.fields) {
        if (field.rows) {
          const nested = row[field.name];
          if (Array.isArray(nested)) visit(field.rows, nested);
          continue;
        }
        const catalog: Catalog | undefined = field.catalog ? registry.catalogs[field.catalog] : undefined;
        const name = text(row[field.name]);
        if (!catalog || !name) continue;
        const details = Object.fromEntries(catalog.fills.map((fill) => [fill, text(row[fill])]));
        found.set(`${catalog.name}\u0000${name.toLowerCase()}`, { catalog: catalog.name, name, details });
      }
    }
  };
  if (billType.rowsField.rows) visit(billType.rowsField.rows, lines);
  return [...found.values()];
}
