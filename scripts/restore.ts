/**
 * `npm run restore -- <file>`: replaces the SQLite database in DATA_DIR with a backup. The server must be
 * stopped; the replaced database is kept in DATA_DIR/backups/. PostgreSQL: see docs/operations.md, Backup and restore
 * (pg_restore).
 */
import { restoreSqlite } from '../src/server/backup';
import { configFromEnv } from '../src/server/config';
import { privateByDefault } from '../src/server/data-dir';
import { POSTGRES_BACKUP_HELP } from '../src/server/backup/postgres-help';

privateByDefault();
const config = configFromEnv();
const [source] = process.argv.slice(2);
if (config.databaseUrl) {
  console.error(POSTGRES_BACKUP_HELP);
  process.exit(2);
}
if (!source) {
  console.error('Usage: npm run restore -- <backup file>   (stop the server first)');
  process.exit(2);
}
try {
  const result = await restoreSqlite(config.dataDir, source, { auditKey: config.auditKey, auditKeyFile: config.auditKeyFile });
  console.log(
    `Restored ${result.bills} bills (${result.auditRows} audit log rows) from ${source} into ${config.dataDir}`,
  );
  if (result.replacedProblem)
    console.log(
      `The database it replaced is kept at ${result.replacedKeptAt}; it was no sound billing database: ${result.replacedProblem}`,
    );
  else if (result.replacedKeptAt) console.log(`The database it replaced is kept at ${result.replacedKeptAt}`);
  console.log('Start the server again: npm start');
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
