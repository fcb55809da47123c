import { afterAll, beforeAll } from 'vitest';
import type { DocumentRenderer, PdfRenderer } from '../../src/server/http/pdf-reply';
import { pdfWorkerPool, type PdfPool, type PdfPoolOptions } from '../../src/server/pdf-pool/pool';
import { readSchemaFiles } from '../../src/server/schema-files';

/**
 * A PDF worker pool (one thread unless told) for a block's tests, started before its server and closed after:
 * the server options that render bills, receipts and statements in it.
 */
export function usePdfPool(options: Partial<PdfPoolOptions> = {}): { renderPdf: PdfRenderer; renderDocument: DocumentRenderer } {
  let pool: PdfPool | undefined;
  beforeAll(() => {
    pool = pdfWorkerPool({ schemaFiles: readSchemaFiles(), threads: 1, ...options });
  });
  afterAll(() => pool?.close());
  return {
    renderPdf: (billType, bill, printOptions) => pool!.render(billType, bill, printOptions),
    renderDocument: (job) => pool!.renderDocument(job),
  };
}
