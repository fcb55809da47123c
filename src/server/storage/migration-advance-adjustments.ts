import type { Migration } from 'kysely';
import { withId } from './migration-tools';
import type { SqlDialect } from './tables';

/**
 * Issue 46 item 2: an advance (a receipt voucher) adjusted against a tax invoice of the same client. Both named by
 * row id (a bill keeps its row for good); the amount in whole paise, tax included, as the money moved; dated the
 * invoice's date, the return period the adjustment is reported in (GSTR-1 `txpd`).
 */
export function advanceAdjustments(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      await withId(db.schema, 'advance_adjustments', dialect)
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('invoice_id', 'integer', (col) => col.notNull().references('bills.id'))
        .addColumn('advance_id', 'integer', (col) => col.notNull().references('bills.id'))
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('adjust_date', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text', (col) => col.notNull())
        .addUniqueConstraint('advance_adjustments_invoice_advance', ['invoice_id', 'advance_id'])
        .execute();
      await db.schema.createIndex('advance_adjustments_advance').on('advance_adjustments').column('advance_id').execute();
      await db.schema.createIndex('advance_adjustments_unit_date').on('advance_adjustments').columns(['unit', 'adjust_date']).execute();
    },
  };
}
