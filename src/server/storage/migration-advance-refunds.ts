import type { Migration } from 'kysely';
import { withId } from './migration-tools';
import type { SqlDialect } from './tables';

/**
 * Issue 46 item 3: a refund voucher (its bills row) and the advance (a receipt voucher's row) it returns money of. The
 * amount is the refund's own total, so an edit of the refund moves it; one advance per refund.
 */
export function advanceRefunds(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      await withId(db.schema, 'advance_refunds', dialect)
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('refund_id', 'integer', (col) => col.notNull().unique().references('bills.id'))
        .addColumn('advance_id', 'integer', (col) => col.notNull().references('bills.id'))
        .execute();
      await db.schema.createIndex('advance_refunds_advance').on('advance_refunds').column('advance_id').execute();
    },
  };
}
