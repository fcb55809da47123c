import { sql } from 'kysely';
import type { Registry } from '../../engine/core';
import type { Db } from './tables';

/** How many live sales bills a unit dated a day, and their grand total in whole paise. */
export async function salesOfDay(db: Db, registry: Registry, unit: string, day: string): Promise<{ count: number; total: number }> {
  const types = registry.billTypes.filter((billType) => billType.unit === unit && billType.countsAsSales).map((billType) => billType.type);
  if (types.length === 0) return { count: 0, total: 0 };
  const row = await db
    .selectFrom('bills')
    .select([sql<number | string>`count(*)`.as('count'), sql<number | string | null>`sum(grand_total)`.as('total')])
    .where('unit', '=', unit)
    .where('type', 'in', types)
    .where('bill_date', '=', day)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), total: Number(row.total ?? 0) };
}
