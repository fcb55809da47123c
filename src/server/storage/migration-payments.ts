import type { Migration } from 'kysely';
import type { SqlDialect } from './tables';
import { withId } from './migration-tools';

/**
 * Issue 29: payments received, per unit, numbered per financial year by the receipt series (unique on unit, year
 * and number, deleted ones included: a receipt number is never reused), and their allocations to bills. An
 * allocation names its bill by row id: a bill keeps its row for good (deleting only marks it).
 */
export function payments(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      await withId(db.schema, 'payments', dialect)
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('fy', 'integer', (col) => col.notNull())
        .addColumn('receipt_no', 'integer', (col) => col.notNull())
        .addColumn('printed_no', 'text', (col) => col.notNull())
        .addColumn('client_name', 'text', (col) => col.notNull())
        .addColumn('client_key', 'text', (col) => col.notNull())
        .addColumn('pay_date', 'text', (col) => col.notNull())
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('mode', 'text', (col) => col.notNull())
        .addColumn('reference', 'text', (col) => col.notNull())
        .addColumn('notes', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('updated_by', 'text', (col) => col.notNull())
        .addColumn('deleted_at', 'text')
        .addColumn('deleted_by', 'text')
        .addUniqueConstraint('payments_unit_fy_receipt_no', ['unit', 'fy', 'receipt_no'])
        .execute();
      await db.schema.createIndex('payments_by_client').on('payments').columns(['unit', 'client_key', 'pay_date']).execute();
      await withId(db.schema, 'payment_allocations', dialect)
        .addColumn('payment_id', 'integer', (col) => col.notNull().references('payments.id').onDelete('cascade'))
        .addColumn('bill_id', 'integer', (col) => col.notNull().references('bills.id'))
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('payment_allocations_payment').on('payment_allocations').column('payment_id').execute();
      await db.schema.createIndex('payment_allocations_bill').on('payment_allocations').column('bill_id').execute();
    },
  };
}
