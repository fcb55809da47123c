/**
 * One PDF worker thread of the pool (pool.ts): the registry and pdfmake's fonts are built once when the
 * thread starts, then each task renders one bill, receipt or statement. The bytes go back transferred, not copied.
 */
import { workerData } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { createRegistry, type CompileSchema, type Registry, type Row } from '../../engine/core';
import { preparePdfmake, renderBillPdf, renderDocumentJob } from '../../pdf';
import type { RenderFailed, RenderTask, WorkerSetup } from './pool';

/**
 * The server checked these schema files against their meta-schemas before starting the pool, and a
 * worker validates no bills: it skips compiling schemas (a third of a worker's start).
 */
const checkedAlready: CompileSchema = () => () => true;

const registry: Registry = createRegistry((workerData as WorkerSetup).schemaFiles, checkedAlready, { checked: true });
preparePdfmake();

function renderTask(task: RenderTask): Promise<Buffer> {
  if (task.kind !== 'bill') return renderDocumentJob(task);
  const billType = registry.byType(task.type);
  if (!billType) throw new Error(`The PDF worker knows no bill type ${task.type}.`);
  return renderBillPdf(billType, task.bill as Row, task.options);
}

export default async function renderInWorker(task: RenderTask): Promise<unknown> {
  let pdf: Buffer;
  try {
    pdf = await renderTask(task);
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) } satisfies RenderFailed;
  }
  // A copy into a buffer of its own: the rendered bytes may share Node's buffer pool, which cannot be moved.
  const bytes = new Uint8Array(pdf.byteLength);
  bytes.set(pdf);
  return Piscina.move(bytes.buffer);
}
