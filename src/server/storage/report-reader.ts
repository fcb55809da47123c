import { Piscina } from 'piscina';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { ReadTask } from './report-read-worker';
import type { Db, Tables } from './tables';

const READ_WORKER = new URL('./report-read-worker.ts', import.meta.url);

/**
 * Where the SQLite reports read (issue 25): a year's register is one query of most of a second, and
 * better-sqlite3 runs it on the calling thread, so on the server's one JS thread it held every other request.
 * Here each report query runs in one worker thread with its own read-only connection to the same WAL file;
 * one thread, so reports leave the other core to the requests. PostgreSQL's driver is asynchronous already.
 */
export function reportReader(file: string): Db {
  return new Kysely<Tables>({ dialect: new WorkerReadDialect(file) });
}

class WorkerReadDialect implements Dialect {
  constructor(private readonly file: string) {}
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new WorkerReadDriver(this.file);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

class WorkerReadDriver implements Driver {
  private pool: Piscina | undefined;
  constructor(private readonly file: string) {}

  async init(): Promise<void> {
    // Started on the first report and ended when idle, so a server that never reports never starts it.
    this.pool = new Piscina({
      filename: READ_WORKER.href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 60_000,
      // The worker runs TypeScript under tsx's loader, as `npm start` and the tests run the server.
      execArgv: READ_WORKER.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [],
    });
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const pool = this.pool!;
    const file = this.file;
    return {
      async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        const task: ReadTask = { file, sql: compiled.sql, parameters: [...compiled.parameters] };
        return { rows: (await pool.run(task)) as R[] };
      },
      // eslint-disable-next-line require-yield
      async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
        throw new Error('The report reader does not stream');
      },
    };
  }

  async beginTransaction(): Promise<void> {
    throw new Error('The report reader only reads');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    if (!pool) return;
    await pool.destroy();
  }
}
