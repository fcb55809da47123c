/**
 * The report queries' worker thread (report-reader.ts): runs one compiled read-only query on its own
 * better-sqlite3 connection to the server's SQLite file and answers its rows. WAL lets this reader run beside
 * the server's writer, and the request thread only awaits the answer.
 */
import SqliteDatabase from 'better-sqlite3';

export interface ReadTask {
  file: string;
  sql: string;
  parameters: unknown[];
}

/** The worker's connection, kept while the worker lives (each server has its own worker, ended on close). */
const connections = new Map<string, SqliteDatabase.Database>();

function connectionTo(file: string): SqliteDatabase.Database {
  let connection = connections.get(file);
  if (!connection) {
    connection = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    connection.pragma('busy_timeout = 5000');
    connections.set(file, connection);
  }
  return connection;
}

export default function readInWorker({ file, sql, parameters }: ReadTask): unknown[] {
  const statement = connectionTo(file).prepare(sql);
  if (!statement.reader) throw new Error('The report reader runs queries that read only');
  return statement.all(...parameters);
}
