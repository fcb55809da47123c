import { sql, type Kysely, type Migration } from 'kysely';
import { clientNameKey } from '../../engine/core';
import type { Tables } from './tables';

/** Rows read per batch: bounded memory on a large database. */
const BATCH = 1000;

type Details = Record<string, string>;
const parse = (json: string) => JSON.parse(json) as Details;

function inOneTransaction(db: Kysely<Tables>, work: (trx: Kysely<Tables>) => Promise<void>): Promise<void> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Client names unique and searched in any case in Unicode on both databases (issue 25): SQLite's lower() is
 * ASCII-only, so "Müller GmbH" and "MÜLLER GMBH" were two clients there. The key is now the core's
 * clientNameKey, kept on each client (name_key) and each bill (client_key, indexed for a client's bills and
 * counts). Clients whose names now share a key become one: the oldest stays, taking the others' values it
 * lacks, and keeps its own spelling.
 */
export function clientNameKeys(hasClientKey: (db: Kysely<Tables>) => Promise<boolean>): Migration {
  return {
    async up(untyped) {
      const db = untyped as Kysely<Tables>;
      // Once only: a test (or a maintainer) may take the migration rows back and run them again.
      if (!(await hasClientKey(db))) await db.schema.alterTable('bills').addColumn('client_key', 'text').execute();
      for (let afterId = 0; ; ) {
        const rows = await db.selectFrom('bills').select(['id', 'client_name']).where('id', '>', afterId).orderBy('id').limit(BATCH).execute();
        if (!rows.length) break;
        afterId = rows[rows.length - 1].id;
        // A transaction per batch where the migrator runs none (SQLite): not one synced commit per bill.
        await inOneTransaction(db, async (trx) => {
          for (const row of rows) {
            await trx.updateTable('bills').set({ client_key: clientNameKey(row.client_name) }).where('id', '=', row.id).execute();
          }
        });
      }
      await sql`create index if not exists bills_by_client_key on bills (client_key, deleted_at, bill_date)`.execute(db);

      const clients = await db.selectFrom('clients').select(['id', 'name', 'fills', 'contact']).orderBy('id').execute();
      // Every key out of the way first, so no row's new key meets another's old one.
      await sql`update clients set name_key = ${'#'} || cast(id as text)`.execute(db);
      const kept = new Map<string, { id: number; fills: Details; contact: Details }>();
      for (const client of clients) {
        const key = clientNameKey(client.name);
        const first = kept.get(key);
        if (!first) {
          kept.set(key, { id: client.id, fills: parse(client.fills), contact: parse(client.contact) });
          await db.updateTable('clients').set({ name_key: key }).where('id', '=', client.id).execute();
          continue;
        }
        first.fills = { ...parse(client.fills), ...first.fills };
        first.contact = { ...parse(client.contact), ...first.contact };
        await db.deleteFrom('clients').where('id', '=', client.id).execute();
        await db
          .updateTable('clients')
          .set({ fills: JSON.stringify(first.fills), contact: JSON.stringify(first.contact) })
          .where('id', '=', first.id)
          .execute();
      }
    },
  };
}
