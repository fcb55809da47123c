/**
 * A PDF worker that dies on a render for CRASHING_CLIENT (an uncaught error in the thread, as a crash in a native
 * font library or an out-of-memory would end it) or EXITING_CLIENT (process.exit once the render is under way);
 * any other bill, receipt or statement renders as usual.
 */
import type { RenderTask } from '../../src/server/pdf-pool/pool';
import renderInWorker from '../../src/server/pdf-pool/render-worker';
import { CRASHING_CLIENT, EXITING_CLIENT } from './crashing-client';

export default async function crashingRender(task: RenderTask): Promise<unknown> {
  const named = JSON.stringify(task);
  if (named.includes(CRASHING_CLIENT)) {
    setImmediate(() => {
      throw new Error('the PDF worker crashed');
    });
    return new Promise(() => {});
  }
  if (named.includes(EXITING_CLIENT)) {
    const underWay = renderInWorker(task);
    await new Promise((resolve) => setImmediate(resolve));
    process.exit(1);
    return underWay;
  }
  return renderInWorker(task);
}
