import type { Migration } from 'kysely';
import { withId } from './migration-tools';
import type { SqlDialect } from './tables';

/** Issue 32: each unit's mail server, and the sends (queued, sent, failed) that survive a restart. */
export function mailTables(dialect: SqlDialect): Migration {
  return {
    async up(db) {
      await db.schema
        .createTable('mail_settings')
        .addColumn('unit', 'text', (col) => col.primaryKey())
        .addColumn('host', 'text', (col) => col.notNull())
        .addColumn('port', 'integer', (col) => col.notNull())
        .addColumn('security', 'text', (col) => col.notNull())
        .addColumn('username', 'text', (col) => col.notNull())
        .addColumn('password_sealed', 'text', (col) => col.notNull())
        .addColumn('from_name', 'text', (col) => col.notNull())
        .addColumn('from_address', 'text', (col) => col.notNull())
        .addColumn('reply_to', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('updated_by', 'text', (col) => col.notNull())
        .execute();
      await withId(db.schema, 'mail_sends', dialect)
        .addColumn('unit', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('bill_type', 'text')
        .addColumn('fy', 'integer')
        .addColumn('billno', 'integer')
        .addColumn('recipients', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('error', 'text')
        .addColumn('attempts', 'integer', (col) => col.notNull())
        .addColumn('due_at', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('operator', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('mail_sends_due').on('mail_sends').columns(['status', 'due_at']).execute();
      await db.schema.createIndex('mail_sends_bill').on('mail_sends').columns(['unit', 'bill_type', 'billno']).execute();
    },
  };
}
