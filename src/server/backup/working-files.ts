import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_FILE } from '../data-dir';
import { KEPT } from './messages';

/** The same file on disk: one path resolved through links, or another name (a hard link) of one inode. */
function sameFile(a: string, b: string): boolean {
  if (realpathSync(a) === realpathSync(b)) return true;
  const [one, other] = [statSync(a), statSync(b)];
  return one.dev === other.dev && one.ino === other.ino;
}

/**
 * Refuses a restore from the live database or another of the server's working files in DATA_DIR (its
 * -wal, -shm, the `.restoring` copy a restore writes, the signing key): restoring replaces and removes
 * those, so the source would be destroyed with the database it was meant to bring back.
 */
export function refuseWorkingFile(dataDir: string, source: string): void {
  if (!existsSync(source) || !existsSync(dataDir)) return;
  const working = readdirSync(dataDir).filter((name) => DATA_FILE.test(name));
  const hit = working.find((name) => sameFile(join(dataDir, name), source));
  if (!hit) return;
  throw new Error(
    `${source} is the server's own ${hit} in DATA_DIR (${dataDir}), not a backup: a restore replaces that file. ` +
      `Restore from a backup file (npm run backup writes them to ${join(dataDir, 'backups')}/); to bring back ` +
      `this very file, copy it out of DATA_DIR first and restore the copy. ${KEPT}`,
  );
}
