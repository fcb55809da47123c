import { feedsAmount, recomputeRow, type Row } from './rows';
import type { Catalog, ObjectSpec } from './registry/types';
import type { CatalogEntry } from './catalog-store';
import { hasVisibleText } from './visible-text';

/** Where a row sits below the top-level list: [3] is the 4th row; [3, 'service', 0] its first service. */
export type RowPath = ReadonlyArray<string | number>;

/** A fresh row: Sr. No. 1, empty inputs, one empty nested row (spec 4: always at least one row). */
export function emptyRow(spec: ObjectSpec): Row {
  const row: Row = {};
  for (const field of spec.fields) {
    if (field.rowNumber) row[field.name] = 1;
    else if (field.rows) row[field.name] = [emptyRow(field.rows)];
    else row[field.name] = '';
  }
  return row;
}

export function getIn(value: unknown, path: RowPath): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
}

/** A copy of `root` with the value at `path` replaced; only the containers along the path are copied. */
export function setIn<T>(root: T, path: RowPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [key, ...rest] = path;
  const container = root as Record<string | number, unknown>;
  const next = setIn(container[key], rest, value);
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[key as number] = next;
    return copy as T;
  }
  return { ...container, [key]: next } as T;
}

export function isBlank(value: unknown): boolean {
  return !hasVisibleText(value);
}

/** Spec 4: a row is filled when every required input, nested rows included, holds something. */
export function isRowFilled(spec: ObjectSpec, row: Row): boolean {
  return spec.fields.every((field) => {
    if (field.rows) {
      const rows = row[field.name];
      return Array.isArray(rows) && rows.length > 0 && rows.every((nested: Row) => isRowFilled(field.rows!, nested));
    }
    return !field.required || field.rowNumber || !isBlank(row[field.name]);
  });
}

export type FindEntry = (catalog: string, name: string) => CatalogEntry | undefined;

/**
 * A row after one of its inputs lost focus: a chosen saved entry fills its fields (spec 4: hsn and taxrate;
 * issue 30: the sale rate and unit, and the amount follows),
 * an empty field with x-defaultFrom takes the value just typed (issue 15: a service's amount from its rate),
 * and computed amounts follow their inputs (spec 4: amount = qty x rate when Rate loses focus).
 * `replacing`: the entry was picked over another item the line named (issue 50): it replaces every field it
 * fills, so what it does not know is emptied rather than left from the previous item.
 */
export function rowAfterBlur(spec: ObjectSpec, row: Row, name: string, catalogs: Record<string, Catalog>, findEntry: FindEntry, replacing = false): Row {
  let next = row;
  const field = spec.byName[name];
  const catalog = field?.catalog === undefined ? undefined : catalogs[field.catalog];
  const entry = catalog && !isBlank(row[name]) ? findEntry(catalog.name, String(row[name])) : undefined;
  // Typed and left, what the entry does not know (a rate never saved with it) leaves what the operator typed; a
  // line without the field (a delivery challan has no rate) takes only what it has.
  const own = catalog && entry ? catalog.fills.filter((key) => Object.hasOwn(spec.byName, key)) : [];
  const filled = replacing ? own : own.filter((key) => !isBlank(entry!.fills[key]));
  if (entry && filled.length > 0) next = { ...next, ...Object.fromEntries(filled.map((key) => [key, isBlank(entry.fills[key]) ? '' : String(entry.fills[key])])) };
  const changed = [name, ...filled];
  // A field that defaults from one just set (a service's amount from its rate) takes its value while empty.
  for (const target of spec.fields) {
    const source = target.defaultFrom;
    if (source !== undefined && changed.includes(source) && isBlank(next[target.name]) && !isBlank(next[source])) {
      next = { ...next, [target.name]: next[source] };
    }
  }
  return changed.some((key) => feedsAmount(spec, key)) ? recomputeRow(spec, next) : next;
}

/**
 * An object (a bill, a row) with every row's computed cells as if each input had just been typed and left:
 * fields defaulting from a sibling (x-defaultFrom) filled while empty, amounts recomputed (x-productOf),
 * nested rows included. A restored draft was kept while the operator typed, before the last input was left
 * (issue 30: it showed a grand total yet its save asked for the amount). Saved entries fill nothing here:
 * what the operator typed over them stays.
 */
export function recomputedRows(spec: ObjectSpec, value: Row): Row {
  const next: Row = { ...value };
  for (const field of spec.fields) {
    const rows = value[field.name];
    if (field.rows && Array.isArray(rows)) next[field.name] = (rows as Row[]).map((row) => recomputedRow(field.rows!, row));
  }
  return next;
}

function recomputedRow(spec: ObjectSpec, row: Row): Row {
  let next = recomputedRows(spec, row);
  for (const target of spec.fields) {
    const source = target.defaultFrom;
    if (source !== undefined && isBlank(next[target.name]) && !isBlank(next[source])) next = { ...next, [target.name]: next[source] };
  }
  return recomputeRow(spec, next);
}

export interface PendingEntry {
  catalog: Catalog;
  entry: CatalogEntry;
}

/** The products and services a row names (nested rows included) that are not saved yet. */
export function unsavedEntries(spec: ObjectSpec, row: Row, catalogs: Record<string, Catalog>, findEntry: FindEntry): PendingEntry[] {
  const pending: PendingEntry[] = [];
  for (const field of spec.fields) {
    if (field.rows) {
      const rows = Array.isArray(row[field.name]) ? (row[field.name] as Row[]) : [];
      pending.push(...rows.flatMap((nested) => unsavedEntries(field.rows!, nested, catalogs, findEntry)));
      continue;
    }
    const catalog = field.catalog === undefined ? undefined : catalogs[field.catalog];
    const name = String(row[field.name] ?? '').trim();
    if (!catalog || name === '' || findEntry(catalog.name, name)) continue;
    if (pending.some((p) => p.catalog === catalog && p.entry.name.toLowerCase() === name.toLowerCase())) continue;
    const fills = Object.fromEntries(catalog.fills.map((key) => [key, row[key]]));
    pending.push({ catalog, entry: { name, fills } });
  }
  return pending;
}

/**
 * Every saved-list entry an object's rows name (nested rows included), with the fills its line holds; the last
 * line naming an entry gives its fills, as the server saves them with the bill (issue 30: then the suggestions
 * know the bill's last line and its rate without a reload).
 */
export function entriesNamedIn(spec: ObjectSpec, value: Row, catalogs: Record<string, Catalog>): Array<{ catalog: string; entry: CatalogEntry }> {
  const found: Array<{ catalog: string; entry: CatalogEntry }> = [];
  for (const field of spec.fields) {
    const rows = value[field.name];
    if (field.rows && Array.isArray(rows)) {
      for (const row of rows as Row[]) found.push(...entriesNamedIn(field.rows, row, catalogs));
      continue;
    }
    const catalog = field.catalog === undefined ? undefined : catalogs[field.catalog];
    const name = String(value[field.name] ?? '').trim();
    if (catalog && name !== '') found.push({ catalog: catalog.name, entry: { name, fills: Object.fromEntries(catalog.fills.map((key) => [key, value[key]])) } });
  }
  return found;
}

/** An object (a bill, a row) whose rows name the saved entry `to` wherever they named `from` from `catalog` (any case). */
export function renameEntry(spec: ObjectSpec, value: Row, catalog: string, from: string, to: string): Row {
  const typed = from.trim().toLowerCase();
  let next = value;
  for (const field of spec.fields) {
    const current = value[field.name];
    if (field.rows && Array.isArray(current)) {
      next = { ...next, [field.name]: (current as Row[]).map((row) => renameEntry(field.rows!, row, catalog, from, to)) };
    } else if (field.catalog === catalog && String(current ?? '').trim().toLowerCase() === typed) {
      next = { ...next, [field.name]: to };
    }
  }
  return next;
}

/** Whether two rows show the same values (rjsf copies the form data on each change, so identity says little). */
export function sameRow(spec: ObjectSpec, a: Row, b: Row): boolean {
  if (a === b) return true;
  return spec.fields.every((field) => {
    if (!field.rows) return Object.is(a[field.name], b[field.name]);
    const left = a[field.name];
    const right = b[field.name];
    if (!Array.isArray(left) || !Array.isArray(right)) return left === right;
    return left.length === right.length && left.every((row: Row, i) => sameRow(field.rows!, row, right[i] as Row));
  });
}

/**
 * An object without the rows nobody has typed in yet (nested rows included): the bill screen's live
 * totals leave out the fresh empty line at the end, which the save check would refuse anyway.
 */
export function withoutBlankRows(spec: ObjectSpec, value: Row): Row {
  const next: Row = { ...value };
  for (const field of spec.fields) {
    const rows = value[field.name];
    if (!field.rows || !Array.isArray(rows)) continue;
    next[field.name] = (rows as Row[])
      .map((row) => withoutBlankRows(field.rows!, row))
      .filter((row) => !isBlankRow(field.rows!, row));
  }
  return next;
}

function isBlankRow(spec: ObjectSpec, row: Row): boolean {
  return spec.fields.every((field) => {
    if (field.rowNumber) return true;
    const value = row[field.name];
    return field.rows ? !Array.isArray(value) || value.length === 0 : isBlank(value);
  });
}
