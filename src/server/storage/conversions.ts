import type { Transaction } from 'kysely';
import type { BillKey } from './bills';
import type { Db, Tables } from './tables';

/** The bill a quotation was converted to: its type and number. */
export interface ConversionTarget {
  type: string;
  billno: number;
}

/** Notes, in the converting create's transaction, that `from` became `to`. */
export async function recordConversion(trx: Transaction<Tables>, from: BillKey, to: BillKey, operator: string): Promise<void> {
  await trx
    .insertInto('bill_conversions')
    .values({
      unit: from.unit,
      from_type: from.type,
      from_billno: from.billno,
      to_type: to.type,
      to_billno: to.billno,
      at: new Date().toISOString(),
      operator,
    })
    .execute();
}

/** The latest conversion of each of a type's bills (quotations): one query for a whole list page. */
export function conversionStore(db: Db) {
  return {
    async latest(unit: string, type: string, billnos: number[]): Promise<Map<number, ConversionTarget>> {
      const found = new Map<number, ConversionTarget>();
      if (!billnos.length) return found;
      const rows = await db
        .selectFrom('bill_conversions')
        .select(['from_billno', 'to_type', 'to_billno'])
        .where('unit', '=', unit)
        .where('from_type', '=', type)
        .where('from_billno', 'in', billnos)
        .orderBy('id')
        .execute();
      for (const row of rows) found.set(Number(row.from_billno), { type: row.to_type, billno: Number(row.to_billno) });
      return found;
    },
  };
}

export type ConversionStore = ReturnType<typeof conversionStore>;
