import type { Migration } from 'kysely';
import { withId } from './migration-tools';
import type { SqlDialect } from './tables';

/**
 * Issue 33: the portals' answers typed back for a bill (an e-way bill's number, an e-invoice's IRN), one row per
 * bill and kind, named by the bill's key (unit, type, year, number) as its audit rows are.
 */
export function billRegistrations(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      await withId(db.schema, 'bill_registrations', dialect)
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('fy', 'integer', (col) => col.notNull())
        .addColumn('billno', 'integer', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('data', 'text', (col) => col.notNull())
        .addColumn('saved_at', 'text', (col) => col.notNull())
        .addColumn('saved_by', 'text', (col) => col.notNull())
        .addUniqueConstraint('bill_registrations_bill_kind', ['unit', 'type', 'fy', 'billno', 'kind'])
        .execute();
    },
  };
}
