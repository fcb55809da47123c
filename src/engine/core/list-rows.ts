import type { BillType } from './registry/types';
import { STORED_BILL_NUMBER, storedKey } from './stored-bill';

/** A row of a bill list: `billno` and the other list columns under their field names (spec 3). */
export type ListRow = Record<string, unknown> & { billno: number };

export interface ListPageQuery {
  /** Part of the client name (any case), or an exact bill number. */
  search?: string;
  /** A list column's key (`storedKey`); the bill number when absent. */
  sort?: string;
  order?: 'asc' | 'desc';
  offset?: number;
  limit?: number;
}

/** The list row of a stored bill (number under `billno`). */
export function listRowOf(billType: BillType, stored: Record<string, unknown>): ListRow {
  const row: Record<string, unknown> = {};
  for (const field of billType.listColumns) row[storedKey(field)] = stored[storedKey(field)];
  return { ...row, billno: Number(stored[STORED_BILL_NUMBER]) };
}

function matches(billType: BillType, row: ListRow, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const name = String(row[billType.roles.clientName.name] ?? '').toLowerCase();
  return String(row.billno) === needle || name.includes(needle);
}

/**
 * The list rules of `common/getbill`'s paging, which the server runs in SQL: search by part of the client
 * name or the exact number; sort by a column (text without regard to case), ties by number; newest first.
 */
export function pageListRows(billType: BillType, rows: readonly ListRow[], query: ListPageQuery): ListRow[] {
  const key = query.sort ?? STORED_BILL_NUMBER;
  const direction = (query.order ?? 'desc') === 'asc' ? 1 : -1;
  const compare = (a: ListRow, b: ListRow) =>
    key === STORED_BILL_NUMBER
      ? a.billno - b.billno
      : String(a[key]).localeCompare(String(b[key]), undefined, { sensitivity: 'base' }) || a.billno - b.billno;
  const found = rows.filter((row) => matches(billType, row, query.search ?? '')).sort((a, b) => direction * compare(a, b));
  const start = query.offset ?? 0;
  return query.limit === undefined ? found.slice(start) : found.slice(start, start + query.limit);
}
