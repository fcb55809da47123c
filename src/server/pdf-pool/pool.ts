import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { SchemaFiles } from '../../engine/core';
import type { PrintOptions } from '../../pdf';
import { HttpError } from '../http/errors';
import type { PdfRenderer } from '../http/pdf-reply';

/** What each worker gets when it starts: the schema files it builds its own registry from. */
export interface WorkerSetup {
  schemaFiles: SchemaFiles;
}

/** One render: the bill type by name (the worker has its own registry), the stored bill and the print options (plain data). */
export interface RenderTask {
  type: string;
  bill: Record<string, unknown>;
  options?: PrintOptions;
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
  close(): Promise<void>;
}

export const RENDER_WORKER = new URL('./render-worker.ts', import.meta.url);
const DEFAULT_MAX_QUEUE = 64;
/**
 * A one-page bill's render allocates some 7 MB of short-lived objects (words, lines, PDF operators): twice V8's
 * default young generation (32 MB semi-spaces instead of 16) scavenges half as often (500 renders: 102 scavenges
 * instead of 209), and a render takes about a tenth less.
 */
const YOUNG_GENERATION_MB = 96;
const BUSY = 'The server is busy making other PDFs; please try again in a moment.';

/**
 * The worker runs TypeScript: it gets tsx's loader, as `npm start` and the tests run the server under it.
 * A compiled .js worker needs none.
 */
function execArgvFor(workerFile: URL): string[] {
  return workerFile.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
}

/**
 * PDF rendering in worker threads (piscina), one per core: a long bill no longer holds up the request
 * thread, so other operators' calls keep answering while it renders. A worker that dies (a crash, out of
 * memory) fails its task and piscina starts a fresh one; the route answers that request 500 before
 * anything is stored.
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
  });
  // Errors of idle workers (one that failed to start, say) surface through the tasks they fail.
  pool.on('error', () => {});
  return {
    async render(billType, bill, printOptions) {
      if (pool.queueSize >= (options.maxQueue ?? DEFAULT_MAX_QUEUE)) throw new HttpError(503, BUSY, { 'Retry-After': '2' });
      const bytes = (await pool.run({ type: billType.type, bill, options: printOptions } satisfies RenderTask)) as ArrayBuffer;
      return Buffer.from(bytes);
    },
    close: () => pool.close({ force: true }),
  };
}
