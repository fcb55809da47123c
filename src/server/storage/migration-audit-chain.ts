import { sql, type Kysely, type Migration } from 'kysely';
import { keyCheck, rowHash } from './audit-chain';
import type { Tables } from './tables';

/** Rows sealed a page at a time: an old database's whole log is never in memory. */
const SEAL_PAGE = 500;

/**
 * One statement a page: a statement a row took 43 s for 50,000 rows on SQLite (a round trip each on PostgreSQL), at
 * the first start after an upgrade. Both dialects read `WITH ... UPDATE ... FROM`; the casts type the values for
 * PostgreSQL.
 */
async function sealPage(db: Kysely<Tables>, rows: { id: number; seq: number; hash: string }[]): Promise<void> {
  const values = rows.map((row) => sql`(cast(${row.id} as integer), cast(${row.seq} as integer), cast(${row.hash} as text))`);
  await sql`with sealed (id, seq, hash) as (values ${sql.join(values)})
    update audit_log set seq = sealed.seq, hash = sealed.hash from sealed
    where audit_log.id = sealed.id and audit_log.id between ${rows[0].id} and ${rows[rows.length - 1].id}`.execute(db);
}

/**
 * Issue 45: the audit log becomes a hash chain. Each row gets its place (seq) and an HMAC over its content and the
 * previous row's hash; the head row keeps the count and the last hash. The rows already there are sealed here,
 * in id order (the order they were written), with the key the database is opened with, in the same
 * transaction as the columns: no row is ever left half-way, and nothing later seals a row after the fact.
 */
export function auditChain(keyOf: () => Buffer): Migration {
  return {
    async up(untyped) {
      const db = untyped as Kysely<Tables>;
      await db.schema.alterTable('audit_log').addColumn('seq', 'integer').execute();
      await db.schema.alterTable('audit_log').addColumn('hash', 'text').execute();
      await db.schema.createIndex('audit_log_seq').on('audit_log').column('seq').unique().execute();
      await db.schema
        .createTable('audit_chain_head')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('row_count', 'integer', (col) => col.notNull())
        .addColumn('hash', 'text', (col) => col.notNull())
        .addColumn('key_check', 'text', (col) => col.notNull())
        .execute();
      const key = keyOf();
      let hash = keyCheck(key);
      let seq = 0;
      let lastId = 0;
      for (;;) {
        const page = await db.selectFrom('audit_log').selectAll().where('id', '>', lastId).orderBy('id').limit(SEAL_PAGE).execute();
        if (page.length === 0) break;
        const sealed = page.map((row) => {
          seq += 1;
          hash = rowHash(key, hash, { ...row, seq });
          return { id: row.id, seq, hash };
        });
        await sealPage(db, sealed);
        lastId = page[page.length - 1].id;
      }
      await db.insertInto('audit_chain_head').values({ id: 1, row_count: seq, hash, key_check: keyCheck(key) }).execute();
    },
  };
}
