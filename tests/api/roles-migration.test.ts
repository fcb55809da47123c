import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { ensureFirstOperator } from '../../src/server/auth/first-operator';
import { openStorage, type DatabaseOptions } from '../../src/server/storage';
import { SQLITE_FILE } from '../../src/server/storage/database';
import { migrateUpTo } from '../../src/server/storage/migrations';
import { OwnSchemaPostgresDialect } from '../../src/server/storage/own-schema-introspector';
import type { SqlDialect, Tables } from '../../src/server/storage/tables';
import { describeEachDatabase } from './databases';

function rawDatabase(options: DatabaseOptions): { db: Kysely<Tables>; dialect: SqlDialect } {
  if (options.databaseUrl) {
    return { db: new Kysely<Tables>({ dialect: new OwnSchemaPostgresDialect({ pool: new pg.Pool({ connectionString: options.databaseUrl, max: 1 }) }) }), dialect: 'postgres' };
  }
  const sqlite = new SqliteDatabase(join(options.dataDir!, SQLITE_FILE));
  return { db: new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
}

describeEachDatabase('operators from before roles (migration 0026, issue 45)', (database) => {
  it('makes every existing operator an owner of every unit, enabled, keeping their password', async () => {
    const scratch = await database.create();
    try {
      const { db, dialect } = rawDatabase(scratch.options);
      await migrateUpTo(db, dialect, '0025_bill_registrations');
      await sql`insert into operators (email, password_hash, created_at, updated_at) values ('asha@alfadiesel.test', 'scrypt$old', 'x', 'x')`.execute(db);
      await db.destroy();
      const storage = await openStorage(scratch.options);
      try {
        expect(await storage.operators.byEmail('asha@alfadiesel.test')).toMatchObject({
          role: 'owner',
          units: null,
          disabled: false,
          mustChangePassword: false,
          passwordHash: 'scrypt$old',
        });
      } finally {
        await storage.close();
      }
    } finally {
      await scratch.dispose();
    }
  });

  it('makes the first operator of a fresh install an owner', async () => {
    const scratch = await database.create();
    const storage = await openStorage(scratch.options);
    try {
      await ensureFirstOperator(storage.operators, 'first@alfadiesel.test', 'first long password', () => {});
      expect(await storage.operators.byEmail('first@alfadiesel.test')).toMatchObject({ role: 'owner', units: null, mustChangePassword: false });
    } finally {
      await storage.close();
      await scratch.dispose();
    }
  });
});
