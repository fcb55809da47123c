/**
 * The report queries' worker thread (report-reader.ts): runs one compiled read-only query on its own
 * better-sqlite3 connection to the server's SQLite file and answers its rows. WAL lets this reader run beside
 * the server's writer, and the request thread only awaits the answer.
 */
import SqliteDatabase from 'better-sqlite3';
import { move } from 'piscina';

export interface ReadTask {
  file: string;
  sql: string;
  parameters: unknown[];
  /**
   * Answer the rows' one column joined by commas as UTF-8 bytes, handed over without a copy: a year's
   * register is 100,000 JSON texts, and copying them as strings into the request thread held it 250 ms.
   */
  joined?: boolean;
}

/**
 * A query that failed (SQLite refused it) comes back as this value rather than as a thrown error, so that a
 * rejected task means only one thing: the worker itself died or never started.
 */
export interface ReadFailed {
  failed: string;
}

/** The worker's connection, kept while the worker lives (each server has its own worker, ended on close). */
let connection: SqliteDatabase.Database | undefined;

export default function readInWorker(task: ReadTask): unknown {
  try {
    return read(task);
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) } satisfies ReadFailed;
  }
}

function read({ file, sql, parameters, joined }: ReadTask): unknown {
  if (!connection) {
    connection = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    connection.pragma('busy_timeout = 5000');
  }
  const statement = connection.prepare(sql);
  if (!statement.reader) throw new Error('The report reader runs queries that read only');
  if (!joined) return statement.all(...parameters);
  const texts = statement.pluck().all(...parameters) as string[];
  return move(new TextEncoder().encode(texts.join(',')));
}
