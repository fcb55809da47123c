import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createPrivateFile, makePrivateDir } from '../data-dir';
import { SQLITE_FILE } from '../storage/database';
import { loadRegistry } from '../schema-files';
import type { AuditKeySettings } from '../storage/audit-key';
import { checkStoredBills } from './bill-check';
import { checkBackupChain } from './chain-check';
import { checkBackupStructure } from './schema-check';
import { BACKUP_DIR, standalone } from './sqlite-backup';
import { checkBillingDatabase, fileTimestamp, openExisting, syncToDisk, type DatabaseSummary } from './sqlite-files';
import { refuseWorkingFile } from './working-files';

export const IN_USE =
  'The database is in use: stop the server (and any `npm run operator` command) first, then restore.';

export interface RestoreResult extends DatabaseSummary {
  /** Where the database that was replaced is kept; undefined when there was none. */
  replacedKeptAt?: string;
  /** Why the replaced database was no sound billing database (damaged, empty); undefined when it was one. */
  replacedProblem?: string;
}

/** What a restore keeps of the database it replaces. */
interface KeptAside {
  file: string;
  problem?: string;
}

/** SQLite's answers for a file it cannot read as a database: nothing can be using it as one. */
const UNREADABLE = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT']);

/**
 * Takes the live database for this process alone, or throws IN_USE. Every connection to a WAL
 * database holds a shared lock while it is open, even when idle, so this fails while a server runs.
 * A file SQLite cannot read as a database at all gives undefined: no server can have it open as one.
 */
function takeExclusively(file: string): SqliteDatabase.Database | undefined {
  const live = openExisting(file);
  try {
    live.pragma('locking_mode = EXCLUSIVE');
    live.exec('BEGIN EXCLUSIVE; COMMIT');
    return live;
  } catch (error) {
    live.close();
    const code = (error as { code?: string }).code ?? '';
    if (code === 'SQLITE_BUSY') throw new Error(IN_USE, { cause: error });
    if (UNREADABLE.has(code)) return undefined;
    throw error;
  }
}

/**
 * Copies the live database aside before it is replaced: through SQLite (with whatever its WAL still held)
 * when it can read the file, else byte for byte with its WAL. A damaged or empty database is kept too,
 * since replacing one is what restore is for; the problem found is said, not thrown.
 */
async function keepAside(
  live: SqliteDatabase.Database | undefined,
  liveFile: string,
  dataDir: string,
): Promise<KeptAside> {
  const file = join(dataDir, BACKUP_DIR, `replaced-by-restore-${fileTimestamp()}.sqlite`);
  makePrivateDir(join(dataDir, BACKUP_DIR));
  createPrivateFile(file);
  try {
    if (!live) throw new Error('not readable as a database');
    await live.backup(file);
    standalone(file);
  } catch {
    for (const suffix of ['', '-wal']) {
      if (existsSync(`${liveFile}${suffix}`)) copyFileSync(`${liveFile}${suffix}`, `${file}${suffix}`);
    }
  }
  try {
    checkBillingDatabase(file);
    return { file };
  } catch (error) {
    return {
      file,
      problem: (error as Error).message.replace(`${file} `, '').replace(/\.$/, ''),
    };
  }
}

/**
 * Replaces the database in `dataDir` with the backup `source` (SQLite). Refuses the live database or
 * another of DATA_DIR's working files as the source, a damaged or foreign file, one whose bills cannot be
 * served, or whose audit chain does not verify with the key (`auditKey`: AUDIT_KEY, AUDIT_KEY_FILE), and refuses
 * while anything has the database open; the database it replaces (sound, damaged or
 * empty) is kept in `dataDir/backups/`. The backup file itself is never changed or removed.
 */
export async function restoreSqlite(dataDir: string, source: string, auditKey: AuditKeySettings = {}): Promise<RestoreResult> {
  const backup = resolve(source);
  refuseWorkingFile(dataDir, backup);
  const summary = checkBillingDatabase(backup);
  await checkBackupStructure(backup);
  checkStoredBills(backup, loadRegistry());
  await checkBackupChain(backup, dataDir, auditKey);
  makePrivateDir(dataDir);
  const liveFile = join(dataDir, SQLITE_FILE);
  const incoming = `${liveFile}.restoring`;
  const present = existsSync(liveFile);
  const live = present ? takeExclusively(liveFile) : undefined;
  let kept: KeptAside | undefined;
  try {
    if (present) kept = await keepAside(live, liveFile, dataDir);
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
  return {
    ...summary,
    replacedKeptAt: kept?.file,
    replacedProblem: kept?.problem,
  };
}
