import { closeSync, existsSync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/** Tables every billing database has; a file without them is not one of ours. */
const BILLING_TABLES = ['operators', 'bills', 'audit_log'];

export interface DatabaseSummary {
  bills: number;
  auditRows: number;
}

/** Opens a SQLite file that must exist, without creating one by mistake. */
export function openExisting(file: string, readonly = false): SqliteDatabase.Database {
  if (!existsSync(file)) throw new Error(`${file} does not exist.`);
  return new SqliteDatabase(file, { fileMustExist: true, readonly });
}

/**
 * Checks that a file is a sound billing database (SQLite's integrity_check, our tables present) and
 * counts what it holds; throws a message an operator can act on otherwise.
 */
export function checkBillingDatabase(file: string): DatabaseSummary {
  let sqlite: SqliteDatabase.Database;
  try {
    sqlite = openExisting(file, true);
  } catch (error) {
    throw new Error(`${file} cannot be opened as a database: ${(error as Error).message}`, { cause: error });
  }
  try {
    const integrity = (sqlite.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('; ');
    if (integrity !== 'ok') throw new Error(`${file} is damaged (integrity_check: ${integrity.slice(0, 200)}).`);
    const tables = new Set(
      (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    const missing = BILLING_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0) throw new Error(`${file} is not a billing database (no ${missing.join(', ')} table).`);
    const count = (table: string) => (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { bills: count('bills'), auditRows: count('audit_log') };
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_NOTADB')
      throw new Error(`${file} is not a SQLite database.`, { cause: error });
    throw error;
  } finally {
    sqlite.close();
  }
}

/** Flushes a file and its directory entry to disk, so a rename that follows survives a power cut. */
export function syncToDisk(file: string): void {
  for (const path of [file, dirname(file)]) {
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

/** A time stamp for file names: 2026-11-21T10-15-30-123Z (no colons, which some file systems refuse). */
export function fileTimestamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-');
}
