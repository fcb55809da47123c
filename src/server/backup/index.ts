export { backupSqlite, defaultBackupFile, type BackupResult } from './sqlite-backup';
export { IN_USE, restoreSqlite, type RestoreResult } from './sqlite-restore';
