import type { Migration } from 'kysely';

/**
 * Issue 32 part 3: a send may be about a client rather than a bill (a statement of a period, a payment reminder).
 * The client's name and the statement's period are kept on the send, so the queue can make its PDF when it sends
 * and the client's log can list it.
 */
export function clientMailColumns(): Migration {
  return {
    async up(db) {
      await db.schema.alterTable('mail_sends').addColumn('client_name', 'text').execute();
      await db.schema.alterTable('mail_sends').addColumn('period_from', 'text').execute();
      await db.schema.alterTable('mail_sends').addColumn('period_to', 'text').execute();
      await db.schema.createIndex('mail_sends_client').on('mail_sends').columns(['unit', 'client_name']).execute();
    },
  };
}
