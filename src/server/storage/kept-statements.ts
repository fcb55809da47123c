import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

type Statement = SqliteDatabase.Statement;

/** Distinct SQL texts kept: the server's own queries number a few hundred; lists of ids (`in (?, ?, …)`) vary. */
export const KEPT_STATEMENTS = 500;

/**
 * better-sqlite3 for Kysely with each statement prepared once per SQL text: Kysely's SQLite driver prepares every
 * query anew, which was about a tenth of a save's time on the request thread (issue 51: saving under load). A kept
 * statement stays right across schema changes (SQLite prepares it again itself). Kysely runs one query at a time
 * on the connection; a statement still being iterated (a `.stream()`) is busy, and the same text then gets one of its
 * own. The least recently used text goes first past `limit`.
 */
export function keptStatements(sqlite: SqliteDatabase.Database, limit = KEPT_STATEMENTS): KyselySqliteDatabase {
  const kept = new Map<string, Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let statement = kept.get(sql);
      if (statement?.busy) return sqlite.prepare(sql) as unknown as SqliteStatement;
      if (statement) kept.delete(sql);
      else statement = sqlite.prepare(sql);
      kept.set(sql, statement);
      if (kept.size > limit) kept.delete(kept.keys().next().value!);
      return statement as unknown as SqliteStatement;
    },
  };
}
