/** What backup and restore say when DATABASE_URL names PostgreSQL, whose own tools do it (README: Backup and restore). */
export const POSTGRES_BACKUP_HELP = `DATABASE_URL is set: the data is in PostgreSQL, which is backed up with its own tools:
  pg_dump --format=custom --file=billing.dump "$DATABASE_URL"          (while the servers run)
  pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" billing.dump
(stop the servers before pg_restore). See the README, section Backup and restore.`;
