/**
 * `npm run backup [-- <file>]`: a consistent copy of the SQLite database, taken while the server runs.
 * Without a file name it goes to DATA_DIR/backups/billing-<time>.sqlite. PostgreSQL: see docs/operations.md, Backup and
 * restore (pg_dump).
 */
import { backupSqlite } from '../src/server/backup';
import { configFromEnv } from '../src/server/config';
import { privateByDefault } from '../src/server/data-dir';
import { POSTGRES_BACKUP_HELP } from '../src/server/backup/postgres-help';

privateByDefault();
const config = configFromEnv();
const [target] = process.argv.slice(2);
if (config.databaseUrl) {
  console.error(POSTGRES_BACKUP_HELP);
  process.exit(2);
}
try {
  const result = await backupSqlite(config.dataDir, target);
  console.log(`Backed up ${result.bills} bills (${result.auditRows} audit log rows) to ${result.file}`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
