import type { Transaction } from 'kysely';
import type { BillKey } from './bills';
import { isOneOf } from './id-lists';
import type { Db, SqlDialect, Tables } from './tables';

/** The bill a quotation was converted to: its type, year and number. */
export interface ConversionTarget {
  type: string;
  fy: number;
  billno: number;
}

/** A bill's number within its type, with its year: "2026/5". */
export const yearAndNumber = (bill: { fy: number; billno: number }) => `${bill.fy}/${bill.billno}`;

/** Notes, in the converting create's transaction, that `from` became `to`. */
export async function recordConversion(trx: Transaction<Tables>, from: BillKey, to: BillKey, operator: string): Promise<void> {
  await trx
    .insertInto('bill_conversions')
    .values({
      unit: from.unit,
      from_type: from.type,
      from_fy: from.fy,
      from_billno: from.billno,
      to_type: to.type,
      to_fy: to.fy,
      to_billno: to.billno,
      at: new Date().toISOString(),
      operator,
    })
    .execute();
}

/** The latest conversion of each of a type's bills (quotations): one query for a whole list page. */
export function conversionStore(db: Db, dialect: SqlDialect) {
  return {
    /** Keyed by yearAndNumber of the converted bill. */
    async latest(unit: string, type: string, bills: { fy: number; billno: number }[]): Promise<Map<string, ConversionTarget>> {
      const found = new Map<string, ConversionTarget>();
      if (!bills.length) return found;
      const wanted = new Set(bills.map(yearAndNumber));
      const rows = await db
        .selectFrom('bill_conversions')
        .select(['from_fy', 'from_billno', 'to_type', 'to_fy', 'to_billno'])
        .where('unit', '=', unit)
        .where('from_type', '=', type)
        .where(isOneOf(dialect, 'from_billno', bills.map((bill) => bill.billno)))
        .orderBy('id')
        .execute();
      for (const row of rows) {
        const from = yearAndNumber({ fy: Number(row.from_fy), billno: Number(row.from_billno) });
        if (wanted.has(from)) found.set(from, { type: row.to_type, fy: Number(row.to_fy), billno: Number(row.to_billno) });
      }
      return found;
    },
  };
}

export type ConversionStore = ReturnType<typeof conversionStore>;
