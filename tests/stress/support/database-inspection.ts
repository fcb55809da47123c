import SqliteDatabase from 'better-sqlite3';
import { join } from 'node:path';
import { SQLITE_FILE } from '../../../src/server/storage/database';
import { openStorage, type Storage } from '../../../src/server/storage';
import type { ScratchDatabase } from '../../api/databases';

/** The tables a request could add business rows to (sign-in failures are expected and left out). */
export const BUSINESS_TABLES = ['bills', 'catalog_entries', 'audit_log', 'operators'] as const;

export type RowCounts = Record<(typeof BUSINESS_TABLES)[number], number>;

export async function rowCounts(storage: Storage): Promise<RowCounts> {
  const counts = {} as RowCounts;
  for (const table of BUSINESS_TABLES) {
    const row = await storage.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** The test's own connection to the server's database, beside the server's. */
export function inspect(scratch: ScratchDatabase): Promise<Storage> {
  return openStorage(scratch.options);
}

/**
 * SQLite's own check of the file (every page, index and constraint): 'ok' when the file is sound.
 * Opened read-write, as the server would open it, so a crashed writer's WAL is recovered first.
 */
export function sqliteIntegrity(dataDir: string): string {
  const sqlite = new SqliteDatabase(join(dataDir, SQLITE_FILE), { fileMustExist: true });
  try {
    const rows = sqlite.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join('; ');
  } finally {
    sqlite.close();
  }
}

/** Whether a process still runs (signal 0 only checks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
