import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { SchemaFiles } from '../../engine/core';
import type { DocumentJob, PrintOptions } from '../../pdf';
import { HttpError } from '../http/errors';
import type { DocumentRenderer, PdfRenderer } from '../http/pdf-reply';
import { workerBeside } from '../worker-file';
import { WorkerStopped } from '../worker-stopped';

/** What each worker gets when it starts: the schema files it builds its own registry from. */
export interface WorkerSetup {
  schemaFiles: SchemaFiles;
}

/** A bill's render: the bill type by name (the worker has its own registry), the stored bill and the print options (plain data). */
export interface BillTask {
  kind: 'bill';
  type: string;
  bill: Record<string, unknown>;
  options?: PrintOptions;
}

/** One render: a bill, or a receipt or statement (its document is built in the worker from the same plain data). */
export type RenderTask = BillTask | DocumentJob;

/**
 * A render that failed in the worker (pdfmake threw) comes back as this value rather than as a thrown error, so
 * that a rejected task means only one thing: the worker itself died or never started.
 */
export interface RenderFailed {
  failed: string;
}

export interface PdfPoolOptions {
  schemaFiles: SchemaFiles;
  /** Worker threads; one per core by default. */
  threads?: number;
  /** The worker module; the real renderer unless a test passes one that misbehaves. */
  workerFile?: URL;
  /** Renders waiting for a thread before new ones are refused with a 503. */
  maxQueue?: number;
}

export interface PdfPool {
  render: PdfRenderer;
  renderDocument: DocumentRenderer;
  close(): Promise<void>;
}

export const RENDER_WORKER = workerBeside('render-worker', import.meta.url);
const DEFAULT_MAX_QUEUE = 64;
/**
 * A one-page bill's render allocates some 7 MB of short-lived objects (words, lines, PDF operators): twice V8's
 * default young generation (32 MB semi-spaces instead of 16) scavenges half as often (500 renders: 102 scavenges
 * instead of 209), and a render takes about a tenth less.
 */
const YOUNG_GENERATION_MB = 96;
/**
 * The render threads run at a lower CPU priority than the request thread (Linux nice, per thread): with every
 * core rendering (one thread per core), a trivial call still gets the CPU at once rather than a fair share of it.
 */
const RENDER_NICENESS = 10;
const BUSY = 'The server is busy making other PDFs; please try again in a moment.';
const STOPPED = 'The PDF could not be made: the worker making it stopped. It has been restarted; please try again.';

/**
 * The worker runs TypeScript: it gets tsx's loader, as `npm start` and the tests run the server under it.
 * A compiled .js worker needs none.
 */
function execArgvFor(workerFile: URL): string[] {
  return workerFile.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
}

/**
 * PDF rendering in worker threads (piscina), one per core: a long bill no longer holds up the request
 * thread, so other operators' calls keep answering while it renders: bills, receipts and statements alike. A
 * worker that dies (a crash, out of memory) or cannot start fails its task with WorkerStopped (503, logged) and
 * piscina starts a fresh one for the next; a save answered so stores nothing.
 */
export function pdfWorkerPool(options: PdfPoolOptions): PdfPool {
  const threads = options.threads ?? availableParallelism();
  const workerFile = options.workerFile ?? RENDER_WORKER;
  const pool = new Piscina({
    filename: workerFile.href,
    // Threads start with the first renders, not with the server: a server that prints nothing pays nothing.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    maxQueue: options.maxQueue ?? DEFAULT_MAX_QUEUE,
    workerData: { schemaFiles: options.schemaFiles } satisfies WorkerSetup,
    execArgv: execArgvFor(workerFile),
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    niceIncrement: RENDER_NICENESS,
  });
  /** Renders not yet answered, each with the means to give up waiting for a thread. */
  const waiting = new Set<AbortController>();
  /*
   * A worker that errors with no task of its own failed to start (piscina hands a thread tasks only once it has
   * loaded). With no thread left, the renders queued for one would wait for good: they fail now, and the next
   * render tries a fresh worker. With a thread left, it serves them.
   */
  pool.on('error', (error: unknown) => {
    if (pool.threads.length > 0) return;
    for (const controller of waiting) controller.abort(error);
  });
  async function run(task: RenderTask): Promise<Buffer> {
    if (pool.queueSize >= (options.maxQueue ?? DEFAULT_MAX_QUEUE)) throw new HttpError(503, BUSY, { 'Retry-After': '2' });
    const controller = new AbortController();
    waiting.add(controller);
    let answer: ArrayBuffer | RenderFailed;
    try {
      answer = (await pool.run(task, { signal: controller.signal })) as ArrayBuffer | RenderFailed;
    } catch (error) {
      throw new WorkerStopped(STOPPED, controller.signal.aborted ? controller.signal.reason : error);
    } finally {
      waiting.delete(controller);
    }
    if ('failed' in answer) throw new Error(answer.failed);
    return Buffer.from(answer);
  }
  return {
    render: (billType, bill, printOptions) => run({ kind: 'bill', type: billType.type, bill, options: printOptions }),
    renderDocument: (job) => run(job),
    close: () => pool.close({ force: true }),
  };
}
