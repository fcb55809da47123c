import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateUpTo, migrationNames } from '../storage/migrations';
import type { Tables } from '../storage/tables';
import { KEPT, RESTORE_ADVICE } from './messages';

type Sqlite = SqliteDatabase.Database;
type Row = Record<string, unknown>;

/** Tables SQLite keeps for itself: sqlite_sequence (AUTOINCREMENT) comes with ours, sqlite_stat* with ANALYZE. */
const SQLITE_OWN = /^sqlite_(sequence|stat\d)$/;

/** Index SQL compared loosely: a column rename (migration 0004) rewrites it with quotes. */
const looseSql = (text: string | null) =>
  (text ?? '')
    .toLowerCase()
    .replace(/["`[\]]/g, '')
    .replace(/\s+/g, ' ');

/** The CHECK constraints written in a table's SQL (column or table ones), each as its loose SQL. */
function checksOf(tableSql: string | null): string[] {
  const sql = looseSql(tableSql);
  const checks: string[] = [];
  for (const start of sql.matchAll(/\bcheck\s*\(/g)) {
    let depth = 0;
    let quoted = false;
    for (let i = start.index + start[0].length - 1; i < sql.length; i++) {
      const char = sql[i];
      if (char === "'") quoted = !quoted;
      if (quoted) continue;
      if (char === '(') depth++;
      if (char === ')' && --depth === 0) {
        checks.push(sql.slice(start.index, i + 1));
        break;
      }
    }
  }
  return checks;
}

/**
 * The structure of a database as comparable lines: each table's columns (name, type, NOT NULL, default,
 * primary key), its CHECK and foreign key constraints (a `CHECK (0)` would refuse every write to the table)
 * and each index (table, uniqueness, origin, key columns, and its SQL for expression indexes).
 */
function structure(sqlite: Sqlite): Set<string> {
  const lines = new Set<string>();
  const objects = sqlite.prepare('select type, name, tbl_name as tbl, sql from sqlite_master').all() as {
    type: string;
    name: string;
    tbl: string;
    sql: string | null;
  }[];
  for (const object of objects) {
    if (object.type !== 'table' || SQLITE_OWN.test(object.name)) continue;
    const columns = sqlite.prepare('select * from pragma_table_xinfo(?)').all(object.name) as Record<string, unknown>[];
    for (const column of columns) {
      const { name, type, notnull, dflt_value: fallback, pk, hidden } = column;
      lines.add(
        `table ${object.name}: column ${String(name)} ${String(type)} notnull=${notnull} default=${fallback} pk=${pk} hidden=${hidden}`,
      );
    }
    for (const check of checksOf(object.sql)) lines.add(`table ${object.name}: ${check}`);
    const foreignKeys = sqlite.prepare('select * from pragma_foreign_key_list(?)').all(object.name) as Row[];
    for (const key of foreignKeys) {
      lines.add(
        `table ${object.name}: foreign key ${String(key.from)} references ${String(key.table)}(${String(key.to)}) ` +
          `on update ${String(key.on_update)} on delete ${String(key.on_delete)}`,
      );
    }
    const indexes = sqlite.prepare('select * from pragma_index_list(?)').all(object.name) as Record<string, unknown>[];
    for (const index of indexes) {
      const keys = (
        sqlite.prepare('select * from pragma_index_xinfo(?) where key = 1').all(index.name) as {
          name: string | null;
        }[]
      ).map((key) => key.name ?? '<expression>');
      const sql = objects.find((other) => other.type === 'index' && other.name === index.name)?.sql ?? null;
      lines.add(
        `table ${object.name}: index ${String(index.name)} unique=${index.unique} origin=${index.origin} partial=${index.partial} ` +
          `(${keys.join(', ')})${keys.includes('<expression>') ? ` ${looseSql(sql)}` : ''}`,
      );
    }
  }
  return lines;
}

/** The structure an empty database has after the migrations up to `last`. */
async function expectedStructure(last: string): Promise<Set<string>> {
  const reference = new SqliteDatabase(':memory:');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: reference }) });
  try {
    await migrateUpTo(db, 'sqlite', last);
    return structure(reference);
  } finally {
    await db.destroy();
  }
}

/** The migrations the backup went through, checked against the program's (a known prefix of them). */
function appliedMigrations(sqlite: Sqlite, file: string): string[] {
  const hasTable = sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get();
  if (!hasTable) throw new Error(`${file} is not a billing database (it has no migration record). ${RESTORE_ADVICE}`);
  const applied = (
    sqlite.prepare('select name from kysely_migration order by name').all() as {
      name: string;
    }[]
  ).map((row) => row.name);
  const known = migrationNames('sqlite');
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new Error(
      `${file} was made by a newer version of the program (migration ${unknown[0]}); update first. ${KEPT}`,
    );
  if (applied.length === 0 || applied.some((name, i) => name !== known[i]))
    throw new Error(`${file} has an incomplete migration record. ${RESTORE_ADVICE}`);
  return applied;
}

/**
 * Refuses a backup whose structure is not exactly what the program's migrations make (up to the migrations
 * it records): no triggers or views (a trigger would run on the server's writes), no tables, columns or
 * indexes other than the migrations'. Throws a message the operator can act on.
 */
export async function checkBackupStructure(file: string): Promise<void> {
  const sqlite = new SqliteDatabase(file, {
    readonly: true,
    fileMustExist: true,
  });
  let found: Set<string>;
  let applied: string[];
  try {
    const foreign = sqlite.prepare("select type, name from sqlite_master where type in ('trigger', 'view')").all() as {
      type: string;
      name: string;
    }[];
    if (foreign.length > 0) {
      const named = foreign.map((object) => `${object.type} ${object.name}`).join(', ');
      throw new Error(`${file} contains ${named}: a billing database has no triggers or views. ${RESTORE_ADVICE}`);
    }
    applied = appliedMigrations(sqlite, file);
    found = structure(sqlite);
  } finally {
    sqlite.close();
  }
  const expected = await expectedStructure(applied.at(-1)!);
  const missing = [...expected].filter((line) => !found.has(line)).map((line) => `missing ${line}`);
  const extra = [...found].filter((line) => !expected.has(line)).map((line) => `unexpected ${line}`);
  const differences = [...missing, ...extra];
  if (differences.length > 0) {
    throw new Error(
      `${file} does not have the billing database's structure (${differences.length} difference(s): ` +
        `${differences.slice(0, 3).join('; ')}). ${RESTORE_ADVICE}`,
    );
  }
}
