import type { BillListPage, BillListQuery, BillListRow } from './types';

function matches(row: BillListRow, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return String(row.billno) === needle || row.clientname.toLowerCase().includes(needle);
}

function compare(a: BillListRow, b: BillListRow, query: BillListQuery): number {
  const key = query.sort;
  const order =
    key === 'billno'
      ? a.billno - b.billno
      : String(a[key]).localeCompare(String(b[key]), undefined, { sensitivity: 'base' }) || a.billno - b.billno;
  return query.order === 'asc' ? order : -order;
}

/** Search, sort and page a whole list in the browser, as the server does when asked to (same rules). */
export function pageLocally(all: readonly BillListRow[], query: BillListQuery): BillListPage {
  const found = all.filter((row) => matches(row, query.search)).sort((a, b) => compare(a, b, query));
  const start = (query.page - 1) * query.pageSize;
  return { rows: found.slice(start, start + query.pageSize), total: found.length };
}
