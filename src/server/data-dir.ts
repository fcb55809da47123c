import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Owner only: the data directory holds every bill and the operators' password hashes. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Files and directories this process creates are its user's alone (rw------- / rwx------), whatever the
 * shell's umask says. For entry points only (server, CLI, backup, restore): a worker thread may not set it.
 */
export function privateByDefault(): void {
  process.umask(0o077);
}

/** Creates a directory for data, or keeps the existing one, readable by its owner only. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * A random key kept in the data directory (hex, owner-only): made on first use, read as it is afterwards. 'wx' fails
 * when the file exists, so two servers starting together keep the first one's key.
 */
export function keptRandomKey(dataDir: string, fileName: string): string {
  makePrivateDir(dataDir);
  const file = join(dataDir, fileName);
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: PRIVATE_FILE_MODE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

function tighten(path: string, mode: number, changed: string[]): void {
  const current = lstatSync(path).mode & 0o777;
  if ((current & 0o077) === 0) return;
  chmodSync(path, current & mode);
  changed.push(path);
}

/** What the server keeps in DATA_DIR: the SQLite database (with its -wal, -shm), the signing key, backups. */
export const DATA_FILE = /^(billing\.sqlite.*|auth-secret|mail-secret)$/;
/** Where backups go, inside DATA_DIR. */
export const BACKUP_DIR = 'backups';

/**
 * Takes group and other permissions off the data directory, the server's files in it and `backups/` with
 * its files (made by an older version, or with a loose umask); returns what it changed so the caller can
 * say so. Other files in the directory are not the server's to change; symbolic links are left alone.
 */
export function makeDataDirPrivate(dataDir: string): string[] {
  const changed: string[] = [];
  makePrivateDir(dataDir);
  tighten(dataDir, PRIVATE_DIR_MODE, changed);
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    const path = join(dataDir, entry.name);
    if (entry.isFile() && DATA_FILE.test(entry.name)) tighten(path, PRIVATE_FILE_MODE, changed);
    if (entry.isDirectory() && entry.name === BACKUP_DIR) {
      tighten(path, PRIVATE_DIR_MODE, changed);
      for (const backup of readdirSync(path, { withFileTypes: true })) {
        if (backup.isFile()) tighten(join(path, backup.name), PRIVATE_FILE_MODE, changed);
      }
    }
  }
  return changed;
}

/** An empty file only the owner can read, for SQLite to write a database into (it keeps the mode it finds). */
export function createPrivateFile(file: string): void {
  writeFileSync(file, '', { mode: PRIVATE_FILE_MODE, flag: 'wx' });
}
