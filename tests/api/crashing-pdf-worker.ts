/**
 * A PDF worker that dies (an uncaught error in the thread, as a crash in a native font library or an
 * out-of-memory would end it) on a bill for CRASHING_CLIENT; any other bill renders as usual.
 */
import type { RenderTask } from '../../src/server/pdf-pool/pool';
import renderInWorker from '../../src/server/pdf-pool/render-worker';
import { CRASHING_CLIENT } from './crashing-client';

export default async function crashingRender(task: RenderTask): Promise<unknown> {
  if (Object.values(task.bill).includes(CRASHING_CLIENT)) {
    setImmediate(() => {
      throw new Error('the PDF worker crashed');
    });
    return new Promise(() => {});
  }
  return renderInWorker(task);
}
