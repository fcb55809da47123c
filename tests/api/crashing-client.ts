/** The client names on which tests/api/crashing-pdf-worker.ts dies (in a module of its own: importing the worker runs it). */
export const CRASHING_CLIENT = 'Crashing Worker Traders';
/** Its worker calls process.exit mid-render (as a native library aborting would end the thread). */
export const EXITING_CLIENT = 'Exiting Worker Traders';
/** A report of a period ending on this day kills tests/api/crashing-report-worker.ts. */
export const CRASHING_DAY = '2099-12-31';
