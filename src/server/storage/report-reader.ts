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
import { workerBeside } from '../worker-file';
import { WorkerStopped } from '../worker-stopped';
import type { ReadFailed, ReadTask } from './report-read-worker';
import type { Db, Tables } from './tables';

const READ_WORKER = workerBeside('report-read-worker', import.meta.url);
const STOPPED = 'The report could not be made: the worker reading it stopped. It has been restarted; please try again.';

/**
 * Where the SQLite reports read (issue 25): a year's register is one query of most of a second, and
 * better-sqlite3 runs it on the calling thread, so on the server's one JS thread it held every other request.
 * Here each report query runs in one worker thread with its own read-only connection to the same WAL file;
 * one thread, so reports leave the other core to the requests. PostgreSQL's driver is asynchronous already.
 * A worker that dies under a query or cannot start fails that report with WorkerStopped (503, logged); the next
 * report starts a fresh one. `workerFile` is the real reader unless a test passes one that misbehaves.
 */
export function sqliteReportReader(file: string, workerFile: URL = READ_WORKER): ReportReader {
  const dialect = new WorkerReadDialect(file, workerFile);
  const db = new Kysely<Tables>({ dialect });
  return {
    db,
    async joinedText(query) {
      return dialect.driver.run({ sql: query.sql, parameters: [...query.parameters], joined: true }) as Promise<Uint8Array>;
    },
  };
}

/** PostgreSQL's reports read through the server's own pool: pg is asynchronous, the request thread only awaits. */
export function plainReportReader(db: Db): ReportReader {
  return {
    db,
    async joinedText(query) {
      const { rows } = await db.executeQuery<Record<string, string>>(query);
      return Buffer.from(rows.map((row) => Object.values(row)[0]).join(','));
    },
  };
}

/** Where the reports read, and the one query whose answer is too big to copy between threads as rows. */
export interface ReportReader {
  db: Db;
  /** A query of one text column: its rows joined by commas, as UTF-8 bytes. */
  joinedText(query: CompiledQuery): Promise<Uint8Array>;
}

class WorkerReadDialect implements Dialect {
  readonly driver: WorkerReadDriver;
  constructor(file: string, workerFile: URL) {
    this.driver = new WorkerReadDriver(file, workerFile);
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return this.driver;
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
  constructor(
    private readonly file: string,
    workerFile: URL,
  ) {
    // Its thread starts with the first report and ends when idle: a server that never reports never starts it.
    this.pool = new Piscina({
      filename: workerFile.href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 60_000,
      // The worker runs TypeScript under tsx's loader, as `npm start` and the tests run the server.
      execArgv: workerFile.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [],
    });
    // Errors of an idle worker (one that failed to start, say) surface through the tasks they fail.
    this.pool.on('error', () => {});
  }

  async init(): Promise<void> {}

  async run(task: Omit<ReadTask, 'file'>): Promise<unknown> {
    if (!this.pool) throw new Error('The report reader is closed');
    let answer: unknown;
    try {
      answer = await this.pool.run({ ...task, file: this.file } satisfies ReadTask);
    } catch (error) {
      throw new WorkerStopped(STOPPED, error);
    }
    if (answer !== null && typeof answer === 'object' && 'failed' in answer) throw new Error((answer as ReadFailed).failed);
    return answer;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const run = (task: Omit<ReadTask, 'file'>) => this.run(task);
    return {
      async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        return { rows: (await run({ sql: compiled.sql, parameters: [...compiled.parameters] })) as R[] };
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
