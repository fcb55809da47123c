import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BACKUP_DIR, createPrivateFile, makePrivateDir } from '../data-dir';
import { SQLITE_FILE } from '../storage/database';
import { checkBillingDatabase, fileTimestamp, openExisting, syncToDisk, type DatabaseSummary } from './sqlite-files';

/**
 * Pages copied per step of SQLite's online backup: all of them. One step reads the whole database in
 * one read transaction, so the copy is a consistent snapshot even while the server writes, and it
 * cannot be restarted over and over by a steady stream of writes (which a small step size allows).
 */
const ALL_PAGES = 0x7fffffff;

export { BACKUP_DIR };

export interface BackupResult extends DatabaseSummary {
  file: string;
}

/** A copy of a WAL database is in WAL mode too; a backup file should be one self-contained file. */
export function standalone(file: string): void {
  const copy = openExisting(file);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

export function defaultBackupFile(dataDir: string, now = new Date()): string {
  return join(dataDir, BACKUP_DIR, `billing-${fileTimestamp(now)}.sqlite`);
}

/**
 * Copies the live SQLite database to `target` while the server may be running (better-sqlite3's
 * db.backup(), the SQLite online backup API). Written to a `.partial` file, checked, then renamed:
 * a backup file that exists is complete. Never overwrites an existing file.
 */
export async function backupSqlite(dataDir: string, target = defaultBackupFile(dataDir)): Promise<BackupResult> {
  const file = resolve(target);
  if (existsSync(file)) throw new Error(`${file} already exists; choose another file name.`);
  makePrivateDir(dirname(file));
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  // A backup holds what the database does: created readable by its owner only, before a byte is in it.
  createPrivateFile(partial);
  const live = openExisting(join(dataDir, SQLITE_FILE));
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
  try {
    standalone(partial);
    const summary = checkBillingDatabase(partial);
    syncToDisk(partial);
    renameSync(partial, file);
    syncToDisk(file);
    return { file, ...summary };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}
