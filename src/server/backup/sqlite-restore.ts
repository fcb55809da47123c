import { existsSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createPrivateFile, makePrivateDir } from '../data-dir';
import { SQLITE_FILE } from '../storage/database';
import { checkBackupStructure } from './schema-check';
import { BACKUP_DIR, standalone } from './sqlite-backup';
import { checkBillingDatabase, fileTimestamp, openExisting, syncToDisk, type DatabaseSummary } from './sqlite-files';

export const IN_USE =
  'The database is in use: stop the server (and any `npm run operator` command) first, then restore.';

export interface RestoreResult extends DatabaseSummary {
  /** Where the database that was replaced is kept; undefined when there was none. */
  replacedKeptAt?: string;
}

/**
 * Takes the live database for this process alone, or throws IN_USE. Every connection to a WAL
 * database holds a shared lock while it is open, even when idle, so this fails while a server runs.
 */
function takeExclusively(file: string): SqliteDatabase.Database {
  const live = openExisting(file);
  try {
    live.pragma('locking_mode = EXCLUSIVE');
    live.exec('BEGIN EXCLUSIVE; COMMIT');
    return live;
  } catch (error) {
    live.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new Error(IN_USE, { cause: error });
    throw error;
  }
}

/** Copies the live database aside (with whatever its WAL still held) before it is replaced. */
async function keepAside(live: SqliteDatabase.Database, dataDir: string): Promise<string> {
  const aside = join(dataDir, BACKUP_DIR, `replaced-by-restore-${fileTimestamp()}.sqlite`);
  makePrivateDir(join(dataDir, BACKUP_DIR));
  createPrivateFile(aside);
  await live.backup(aside);
  standalone(aside);
  checkBillingDatabase(aside);
  return aside;
}

/**
 * Replaces the database in `dataDir` with the backup `source` (SQLite). Refuses a damaged or foreign
 * file, and refuses while anything has the database open; the database it replaces is kept in
 * `dataDir/backups/`. The backup file itself is left as it was.
 */
export async function restoreSqlite(dataDir: string, source: string): Promise<RestoreResult> {
  const backup = resolve(source);
  const summary = checkBillingDatabase(backup);
  await checkBackupStructure(backup);
  makePrivateDir(dataDir);
  const liveFile = join(dataDir, SQLITE_FILE);
  const incoming = `${liveFile}.restoring`;
  const live = existsSync(liveFile) ? takeExclusively(liveFile) : undefined;
  let replacedKeptAt: string | undefined;
  try {
    if (live) replacedKeptAt = await keepAside(live, dataDir);
    rmSync(incoming, { force: true });
    createPrivateFile(incoming);
    const copy = openExisting(backup, true);
    try {
      await copy.backup(incoming);
    } finally {
      copy.close();
    }
  } catch (error) {
    rmSync(incoming, { force: true });
    throw error;
  } finally {
    // The last connection to close folds the WAL in and removes it: nothing of the old file is left over.
    live?.close();
  }
  for (const leftover of ['-wal', '-shm']) rmSync(`${liveFile}${leftover}`, { force: true });
  syncToDisk(incoming);
  renameSync(incoming, liveFile);
  syncToDisk(liveFile);
  return { ...summary, replacedKeptAt };
}
