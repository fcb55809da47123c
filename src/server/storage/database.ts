import { existsSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Registry } from '../../engine/core';
import { createPrivateFile, makePrivateDir } from '../data-dir';
import { AuditChainPlugin } from './audit-chain';
import { checkAuditKey } from './audit-head';
import { loadAuditKey, type AuditKey, type AuditKeySettings } from './audit-key';
import { keptStatements } from './kept-statements';
import { migrateToLatest } from './migrations';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import { plainReportReader, sqliteReportReader, type ReportReader } from './report-reader';
import type { Db, SqlDialect, Tables } from './tables';

export interface DatabaseOptions extends AuditKeySettings {
  /** `postgres://...` selects PostgreSQL; unset selects a SQLite file in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** The bill types (storage reads client fields by role); the schemas/ on disk when not given. */
  registry?: Registry;
  /** The SQLite report reader's worker module; the real one unless a test passes one that misbehaves. */
  reportWorkerFile?: URL;
}

export interface Database {
  db: Db;
  dialect: SqlDialect;
  /** Where the reports read: on SQLite a read-only connection in a worker thread (report-reader.ts), else `db`. */
  reports: ReportReader;
  /** Where the data lives, for the start-up log (no password). */
  location: string;
  /** Which setting gave the audit chain's key, for messages that say what to fix. */
  auditKeySource: string;
  close(): Promise<void>;
}

export const SQLITE_FILE = 'billing.sqlite';

/**
 * Opens the database the options name and runs the migrations. Refuses a database whose audit chain was sealed
 * with another key than the one the settings give (a second server started without the first one's key).
 */
export async function openDatabase(options: DatabaseOptions, registryOf: () => Registry): Promise<Database> {
  const auditKey = loadAuditKey(options, options.dataDir);
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl, auditKey)
    : openSqlite(options.dataDir, auditKey, options.reportWorkerFile);
  try {
    await migrateToLatest(database.db, database.dialect, registryOf, auditKey.key);
    await checkAuditKey(database.db, auditKey.source);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

function openPostgres(url: string, auditKey: AuditKey): Database {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new Error('DATABASE_URL must start with postgres:// (or be unset for SQLite)');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that drops (a database restart, say) must not take the server down; the pool reconnects.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const db = new Kysely<Tables>({ dialect: new OwnSchemaPostgresDialect({ pool }), plugins: [new AuditChainPlugin(auditKey.key, 'postgres')] });
  const location = new URL(url);
  location.password = '';
  return {
    db,
    dialect: 'postgres',
    reports: plainReportReader(db),
    location: `PostgreSQL ${location.host}${location.pathname}`,
    auditKeySource: auditKey.source,
    close: () => db.destroy(),
  };
}

function openSqlite(dataDir: string, auditKey: AuditKey, reportWorkerFile?: URL): Database {
  makePrivateDir(dataDir);
  const file = join(dataDir, SQLITE_FILE);
  // SQLite gives its -wal and -shm files the database file's mode: made owner-only here, they all are.
  if (!existsSync(file)) {
    try {
      createPrivateFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the writer; synchronous=FULL makes every commit durable on power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: keptStatements(sqlite) }), plugins: [new AuditChainPlugin(auditKey.key, 'sqlite')] });
  const reports = sqliteReportReader(file, reportWorkerFile);
  return {
    db,
    dialect: 'sqlite',
    reports,
    location: `SQLite ${file}`,
    auditKeySource: auditKey.source,
    close: async () => {
      await reports.db.destroy();
      await db.destroy();
    },
  };
}

/** A unique constraint refused the write (a second bill with the same number, say). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
