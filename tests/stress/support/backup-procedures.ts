import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { ScratchDatabase, TestDatabase } from '../../api/databases';
import { runProgram, runScript, type Finished } from '../../api/processes';

/** How docs/operations.md says to back up and restore one kind of database, run as an operator would. */
export interface BackupProcedure {
  /** Where a scratch database the procedure can back up lives (PostgreSQL: a whole database, as pg_dump dumps one). */
  create(): Promise<ScratchDatabase>;
  backup(from: ScratchDatabase, file: string): Promise<Finished>;
  restore(into: ScratchDatabase, file: string): Promise<Finished>;
}

export const envOf = (scratch: ScratchDatabase): NodeJS.ProcessEnv => ({
  DATA_DIR: scratch.options.dataDir,
  DATABASE_URL: scratch.options.databaseUrl ?? '',
});

/** `npm run backup -- <file>` and `npm run restore -- <file>`. */
function sqliteProcedure(database: TestDatabase): BackupProcedure {
  return {
    create: () => database.create(),
    backup: (from, file) => runScript('scripts/backup.ts', [file], envOf(from)),
    restore: (into, file) => runScript('scripts/restore.ts', [file], envOf(into)),
  };
}

async function adminQuery(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** pg_dump --format=custom and pg_restore, each on a database of its own. */
function postgresProcedure(adminUrl: string): BackupProcedure {
  return {
    async create() {
      const name = `billing_backup_${randomBytes(6).toString('hex')}`;
      await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'billing-backup-pg-'));
      return {
        options: { databaseUrl: url.toString(), dataDir },
        async dispose() {
          await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
    backup: (from, file) => runProgram('pg_dump', ['--format=custom', `--file=${file}`, from.options.databaseUrl!], {}),
    restore: (into, file) =>
      runProgram(
        'pg_restore',
        ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${into.options.databaseUrl}`, file],
        {},
      ),
  };
}

export function backupProcedure(database: TestDatabase): BackupProcedure {
  const url = process.env.TEST_DATABASE_URL;
  return database.name === 'PostgreSQL' && url ? postgresProcedure(url) : sqliteProcedure(database);
}
