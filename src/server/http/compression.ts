import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than its headers and work cost. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Answers in the best encoding the browser accepts (Brotli, then gzip), with `Vary: Accept-Encoding`: JSON from
 * COMPRESS_FROM_BYTES up (a receivables answer of 10,000 clients is 1.6 MB of it), streamed JSON and CSV
 * downloads as they stream, and the web app's files that have no copy of the build's. What is compressed
 * already is left alone: PDFs and workbooks by their type (mime-db's `compressible`), the build's .br and .gz
 * copies by the Content-Encoding they carry. Must be registered before any route: it hooks each route as it is
 * added.
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    // Request bodies stay as the API has always read them: a compressed body is refused as unreadable JSON.
    globalDecompression: false,
  });
}
