import type { Migration } from 'kysely';
import type { SqlDialect } from './tables';
import { withId } from './migration-tools';

/**
 * Issue 47: service contracts, and the cycles each has raised (or held as a draft, or skipped when resumed
 * without back-billing). A cycle's row is unique on (contract, cycle) and written in the transaction of the bill it
 * raised: whichever server or restart tries again, the database refuses the second.
 */
export function contracts(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      await withId(db.schema, 'contracts', dialect)
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('bill_type', 'text', (col) => col.notNull())
        .addColumn('client_name', 'text', (col) => col.notNull())
        .addColumn('client_key', 'text', (col) => col.notNull())
        .addColumn('start_date', 'text', (col) => col.notNull())
        .addColumn('last_day', 'text', (col) => col.notNull())
        .addColumn('cycles', 'integer', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('flag', 'text', (col) => col.notNull())
        .addColumn('terms', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('updated_by', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('contracts_by_unit').on('contracts').columns(['unit', 'status']).execute();
      await withId(db.schema, 'contract_cycles', dialect)
        .addColumn('contract_id', 'integer', (col) => col.notNull().references('contracts.id').onDelete('cascade'))
        .addColumn('cycle_no', 'integer', (col) => col.notNull())
        .addColumn('due_date', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('bill_id', 'integer', (col) => col.references('bills.id'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('contract_cycles_contract_cycle', ['contract_id', 'cycle_no'])
        .execute();
    },
  };
}
