import { isBillDay, STORED_BILL_NUMBER, type FieldSpec, type Registry } from '../../engine/core';
import type { Storage } from '../storage';
import { storedRecords } from '../storage/stored-records';
import { storedBill } from './shape';

/** Lines printed for bills with impossible dates; the rest are counted. */
const SHOWN = 20;

const isDateField = (field: FieldSpec) => field.check?.rule === 'calendarDate';

/**
 * Start-up's report of stored bills whose dates are not real days from 2000 to 2099 (saved before issue 25
 * refused them, or written by another tool): they fall in no month's GSTR-1, so the operator should correct
 * them. Only reported: a stored bill is the business's record and is never changed here.
 */
export async function reportImpossibleDates(storage: Storage, registry: Registry, print: (line: string) => void): Promise<number> {
  const found: string[] = [];
  for await (const record of storedRecords(storage.database.db)) {
    const billType = registry.byType(record.type);
    if (!billType) continue;
    const bill = storedBill(billType, record);
    for (const field of billType.header.filter(isDateField)) {
      const value = bill[field.name];
      if (value === undefined || value === null || value === '' || isBillDay(value)) continue;
      found.push(`${billType.menuLabel} (${billType.type}) No. ${String(bill[STORED_BILL_NUMBER])}: ${field.title} ${JSON.stringify(value)}`);
    }
  }
  if (!found.length) return 0;
  print(`Warning: ${found.length} stored date(s) are not real days from 2000-01-01 to 2099-12-31; such bills fall in no return period. Edit these bills to correct them (nothing was changed):`);
  for (const line of found.slice(0, SHOWN)) print(`  ${line}`);
  if (found.length > SHOWN) print(`  ... and ${found.length - SHOWN} more`);
  return found.length;
}
