import type { Registry } from '../../engine/core';
import { writeAudits } from './audit';
import { RECORD_COLUMNS, toRecord } from './bill-records';
import { keyOf, LIST_COLUMNS, listRowOf, locateBill, settleNoteChange, type BillKey, type BillListRow, type BillRef } from './bills';
import { assertOpenReported } from './period-locks';
import { writeBillStock } from './stock-bills';
import { billStockLines } from '../stock/bill-stock-lines';
import { stockedCatalogOfLines, stockWayOf } from '../stock/stock-catalogs';
import type { Db, SqlDialect } from './tables';

/** A deleted bill as the trash lists it. */
export interface DeletedBill extends BillKey, BillListRow {
  deletedAt: string;
  deletedBy: string;
}

/**
 * The trash: bills marked deleted (common/deletebill). They keep their numbers, so a restored bill
 * comes back under the number it had, and a restore is audited like any other change.
 */
export function trashStore(db: Db, dialect: SqlDialect, registryOf: () => Registry) {
  return {
    /** Deleted bills, most recently deleted first; only those of one bill type when it is given. */
    async list(of?: { unit: string; type: string }): Promise<DeletedBill[]> {
      let query = db
        .selectFrom('bills')
        .select(['unit', 'type', ...LIST_COLUMNS, 'deleted_at', 'deleted_by'])
        .where('deleted_at', 'is not', null);
      if (of) query = query.where('unit', '=', of.unit).where('type', '=', of.type);
      const rows = await query.orderBy('deleted_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map((row) => ({
        unit: row.unit,
        type: row.type,
        ...listRowOf(row),
        deletedAt: row.deleted_at ?? '',
        deletedBy: row.deleted_by ?? '',
      }));
    },

    /**
     * Brings a deleted bill back; false when there is no deleted bill of that reference. Its stock moves again, checked
     * as its save was (`confirmStock`: the operator saw the shortage the unit's `ask` setting asked about).
     */
    async restore(ref: BillRef, operator: string, confirmStock = false): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const key = await locateBill(trx, ref, 'deleted');
        if (!key) return false;
        // One statement decides, so two restores at once cannot both succeed (the row lock serialises them).
        const result = await trx
          .updateTable('bills')
          .set({ deleted_at: null, deleted_by: null, updated_at: new Date().toISOString(), updated_by: operator })
          .where(keyOf(key))
          .where('deleted_at', 'is not', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        const row = await trx
          .selectFrom('bills')
          .select(RECORD_COLUMNS)
          .where(keyOf(key))
          .executeTakeFirstOrThrow();
        await assertOpenReported(trx, registryOf(), key, [row.bill_date]);
        const registry = registryOf();
        const billType = registry.byType(key.type);
        const way = billType && stockWayOf(registry, billType);
        if (billType && way) {
          const record = toRecord(row);
          const lines = billStockLines(registry, billType, record.lines);
          const catalog = stockedCatalogOfLines(registry, billType)!.name;
          const { id } = await trx.selectFrom('bills').select('id').where(keyOf(key)).executeTakeFirstOrThrow();
          await writeBillStock(trx, dialect, registry, id, { unit: key.unit, way, catalog, date: record.billDate, lines, confirmed: confirmStock, warnings: [] });
        }
        const owed = await settleNoteChange(trx, dialect, registryOf(), key);
        await writeAudits(trx, operator, [...owed, { action: 'restore', key, before: null, after: toRecord(row) }]);
        return true;
      });
    },
  };
}

export type TrashStore = ReturnType<typeof trashStore>;
