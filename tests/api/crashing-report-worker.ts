/**
 * A report worker that calls process.exit (as a native library aborting would end the thread) on a query of a
 * period that ends on CRASHING_DAY, once it is under way; any other query reads as usual.
 */
import readInWorker, { type ReadTask } from '../../src/server/storage/report-read-worker';
import { CRASHING_DAY } from './crashing-client';

export default function crashingRead(task: ReadTask): unknown {
  if (task.parameters.includes(CRASHING_DAY)) {
    setImmediate(() => process.exit(1));
    return new Promise(() => {});
  }
  return readInWorker(task);
}
