import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSqlite, restoreSqlite } from '../../src/server/backup';
import { hashPassword } from '../../src/server/auth/passwords';
import { openStorage } from '../../src/server/storage';
import { migrateUpTo, migrationNames } from '../../src/server/storage/migrations';
import type { Tables } from '../../src/server/storage/tables';

const OWNER = 'owner@alfadiesel.test';

describe('restore verifies the structure of what it restores (SQLite)', () => {
  const root = mkdtempSync(join(tmpdir(), 'billing-restore-check-'));
  const liveDir = join(root, 'live');
  let good: string;
  let hostileCount = 0;
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  beforeAll(async () => {
    const storage = await openStorage({ dataDir: liveDir });
    await storage.operators.add(OWNER, await hashPassword('owner password 1'));
    await storage.close();
    good = (await backupSqlite(liveDir, join(root, 'good.sqlite'))).file;
  });

  /** A copy of the good backup, changed by `tamper` (plain SQL, as an attacker with the file would). */
  function hostile(tamper: string): string {
    const file = join(root, `hostile-${++hostileCount}.sqlite`);
    copyFileSync(good, file);
    const sqlite = new SqliteDatabase(file);
    sqlite.exec(tamper);
    sqlite.close();
    return file;
  }

  async function operatorsOfLive(): Promise<string[]> {
    const storage = await openStorage({ dataDir: liveDir });
    try {
      return (await storage.operators.list()).map((operator) => operator.email);
    } finally {
      await storage.close();
    }
  }

  it.each([
    [
      'a trigger',
      `create trigger steal after insert on audit_log begin update operators set email = 'attacker@evil.test'; end;`,
      /contains trigger steal: a billing database has no triggers or views/,
    ],
    ['a view', 'create view everyone as select * from operators;', /contains view everyone/],
    [
      'the right table names with wrong columns',
      `drop table bills; create table bills (id integer primary key, unit text, type text, billno integer, stuff text);`,
      /does not have the billing database's structure .*missing table bills: column unit TEXT notnull=1/,
    ],
    ['an extra column', 'alter table operators add column nickname text;', /unexpected table operators: column nickname/],
    ['an unknown table', 'create table notes (text text);', /unexpected table notes: column text/],
    ['a missing index', 'drop index bills_list_by_number;', /missing table bills: index bills_list_by_number/],
    [
      'a migration of a newer version',
      `insert into kysely_migration (name, timestamp) values ('9999_future', '2030-01-01T00:00:00.000Z');`,
      /made by a newer version of the program \(migration 9999_future\)/,
    ],
  ])('refuses a backup with %s, and keeps the current database', async (_, tamper, message) => {
    const file = hostile(tamper);
    await expect(restoreSqlite(liveDir, file)).rejects.toThrow(message);
    await expect(restoreSqlite(liveDir, file)).rejects.toThrow(/The current database is unchanged\./);
    expect(await operatorsOfLive()).toEqual([OWNER]);
  });

  it('restores a backup the migrations made, and one made before the latest migration', async () => {
    await expect(restoreSqlite(liveDir, good)).resolves.toMatchObject({ bills: 0 });
    expect(await operatorsOfLive()).toEqual([OWNER]);

    // An older version's backup: the last migration not yet run (the server runs it at its next start).
    const names = migrationNames('sqlite');
    expect(names.length).toBeGreaterThan(1);
    const older = join(root, 'older.sqlite');
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: new SqliteDatabase(older) }) });
    // Sealed with this installation's audit key, as the older version running here would have sealed it.
    await migrateUpTo(db, 'sqlite', names.at(-2)!, Buffer.from(readFileSync(`${liveDir}.audit-key`, 'utf8'), 'hex'));
    await db.destroy();
    await expect(restoreSqlite(liveDir, older)).resolves.toMatchObject({ bills: 0 });
  });
});
