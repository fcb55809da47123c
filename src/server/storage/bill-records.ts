import type { BillRecord } from './bills';
import type { Db, Tables } from './tables';

/** The columns a stored bill is read back from. */
export const RECORD_COLUMNS = ['unit', 'type', 'fy', 'billno', 'printed_no', 'bill_date', 'client_name', 'header', 'lines'] as const;

export function toRecord(row: Pick<Tables['bills'], (typeof RECORD_COLUMNS)[number]>): BillRecord {
  return {
    unit: row.unit,
    type: row.type,
    fy: Number(row.fy),
    billno: Number(row.billno),
    printedNo: row.printed_no ?? String(row.billno),
    billDate: row.bill_date,
    clientName: row.client_name,
    header: JSON.parse(row.header) as Record<string, unknown>,
    lines: JSON.parse(row.lines) as unknown[],
  };
}

/**
 * Stored bills by their row ids (`list` answers them), live and cancelled alike, in one query. An export walking a
 * month's 8,000 bills reads them a page at a time this way instead of two queries each (find: locate, then read).
 */
export async function recordsByIds(db: Db, ids: readonly number[]): Promise<Map<number, BillRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('bills').select([...RECORD_COLUMNS, 'id']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [Number(row.id), toRecord(row)]));
}
