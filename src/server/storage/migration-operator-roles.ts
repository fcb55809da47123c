import type { Migration } from 'kysely';

/**
 * Issue 45: what each operator may do. Operators from before roles existed become owners (they could do
 * everything); `units` is a JSON list of unit slugs, null for every unit; the flags are 0 or 1 on both dialects.
 */
export function operatorRoles(): Migration {
  return {
    async up(db) {
      await db.schema.alterTable('operators').addColumn('role', 'text', (col) => col.notNull().defaultTo('owner')).execute();
      await db.schema.alterTable('operators').addColumn('units', 'text').execute();
      await db.schema.alterTable('operators').addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0)).execute();
      await db.schema
        .alterTable('operators')
        .addColumn('must_change_password', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
  };
}
