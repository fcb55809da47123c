import { pdfWorkerPool } from '../src/server/pdf-pool/pool';
import { readSchemaFiles, loadRegistry } from '../src/server/schema-files';
import { validPayload } from '../tests/fixtures/payloads';
const registry = loadRegistry();
const bt = registry.byType('invoice')!;
const bill = validPayload(bt, 2) as Record<string, unknown>;
for (let i = 0; i < 3; i++) {
  const t = performance.now(); const c0 = process.cpuUsage();
  const pool = pdfWorkerPool({ schemaFiles: readSchemaFiles(), threads: 1 });
  await pool.render(bt, bill);
  const t1 = performance.now();
  await pool.render(bt, bill);
  const c = process.cpuUsage(c0);
  console.log('first', (t1 - t).toFixed(0), 'second', (performance.now() - t1).toFixed(0), 'cpu', ((c.user + c.system) / 1000).toFixed(0));
  await pool.close();
}
