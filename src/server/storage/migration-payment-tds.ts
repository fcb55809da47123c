import type { Migration } from 'kysely';

/**
 * Issue 46 item 5: the income tax a client deducted when paying (TDS). It settles bills as money received does, so a
 * payment's allocations may add up to its amount plus its TDS; the section it was deducted under is kept as given.
 */
export function paymentTds(): Migration {
  return {
    async up(db) {
      await db.schema.alterTable('payments').addColumn('tds_section', 'text').execute();
      await db.schema.alterTable('payments').addColumn('tds_amount', 'bigint', (col) => col.notNull().defaultTo(0)).execute();
    },
  };
}
