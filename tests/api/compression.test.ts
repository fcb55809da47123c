import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../scripts/precompress';
import { buildApiServer } from '../../src/server/api-server';
import { loadRegistry } from '../../src/server/schema-files';
import { openStorage, type Storage } from '../../src/server/storage';
import { validPayload } from '../fixtures/payloads';
import { describeEachDatabase } from './databases';
import { AUTH_SECRET, useApi } from './harness';

/** The answer's body as the browser reads it, decoded by its Content-Encoding. */
function decoded(answer: LightMyRequestResponse): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.rawPayload);
  if (encoding === 'gzip') return gunzipSync(answer.rawPayload);
  if (encoding !== undefined) throw new Error(`Unexpected Content-Encoding ${String(encoding)}`);
  return answer.rawPayload;
}

const varies = (answer: LightMyRequestResponse) => String(answer.headers.vary ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding');

/** What the browser accepts, and the encoding the server is to answer in (undefined: none). */
const NEGOTIATIONS: [string | undefined, string | undefined][] = [
  ['gzip, deflate, br, zstd', 'br'],
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['br;q=0.5, gzip', 'gzip'],
  ['identity', undefined],
  [undefined, undefined],
];

/** Accept-Encoding values no browser sends, none of which may cost a 5xx. */
const ODD_ACCEPT_ENCODINGS = ['*', 'x-gzip', 'zstd', 'deflate', 'compress', 'br;q=abc', ';;;,,,', 'gzip;q=0, br;q=0', '*;q=0', 'identity;q=0', 'ü', 'a'.repeat(4000)];

describe("the web app's files, as the build's compressed copies", () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'billing-web-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'billing-web-data-'));
  const script = 'assets/screen-1a2b3c.js';
  let storage: Storage;
  let app: FastifyInstance;
  const onDisk = (file: string) => readFileSync(join(webRoot, file));
  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  beforeAll(async () => {
    mkdirSync(join(webRoot, 'assets'));
    const rows = Array.from({ length: 200 }, (_, n) => `<li>Tax Invoice No. ${n}</li>`).join('');
    writeFileSync(join(webRoot, 'index.html'), `<!doctype html><title>Your Bill Section</title><ul>${rows}</ul>`);
    writeFileSync(join(webRoot, script), Array.from({ length: 500 }, (_, n) => `export const line${n} = 'Fuel injection pump ${n}';`).join('\n'));
    await precompressFiles(webRoot, ['index.html', script]);
    storage = await openStorage({ dataDir });
    app = await buildApiServer({ registry: loadRegistry(), storage, authSecret: AUTH_SECRET, webRoot });
  });
  afterAll(async () => {
    await app?.close();
    await storage?.close();
    rmSync(webRoot, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a hashed asset in the best encoding the browser accepts, cached for good, the same bytes decoded', async () => {
    for (const [acceptEncoding, encoding] of NEGOTIATIONS) {
      const answer = await get(`/${script}`, acceptEncoding);
      expect(answer.statusCode, acceptEncoding).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(varies(answer), acceptEncoding).toBe(true);
      expect(answer.headers['content-type'], acceptEncoding).toMatch(/javascript/);
      expect(answer.headers['cache-control'], acceptEncoding).toBe('public, max-age=31536000, immutable');
      expect(decoded(answer).equals(onDisk(script)), acceptEncoding).toBe(true);
    }
    // The build's copies, sent as they are: Brotli's is the smallest.
    expect((await get(`/${script}`, 'br')).rawPayload.equals(onDisk(`${script}.br`))).toBe(true);
    expect((await get(`/${script}`, 'gzip')).rawPayload.equals(onDisk(`${script}.gz`))).toBe(true);
    expect(onDisk(`${script}.br`).length).toBeLessThan(onDisk(`${script}.gz`).length);
  });

  it('sends the page, at / and at any app route, compressed and never cached', async () => {
    for (const url of ['/', '/index.html', '/alfadiesel/invoicebill', '/gst/view/taxinvoicebill/12']) {
      for (const [acceptEncoding, encoding] of NEGOTIATIONS) {
        const answer = await get(url, acceptEncoding);
        expect(answer.statusCode, `${url} ${acceptEncoding}`).toBe(200);
        expect(answer.headers['content-encoding'], `${url} ${acceptEncoding}`).toBe(encoding);
        expect(varies(answer), `${url} ${acceptEncoding}`).toBe(true);
        expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
        expect(answer.headers['cache-control'], url).toBe('no-cache');
        expect(decoded(answer).equals(onDisk('index.html')), `${url} ${acceptEncoding}`).toBe(true);
      }
    }
  });

  it('answers any Accept-Encoding without a server error, in bytes it can decode', async () => {
    for (const acceptEncoding of ODD_ACCEPT_ENCODINGS) {
      for (const url of [`/${script}`, '/alfadiesel/invoicebill', '/api/nothing']) {
        const answer = await get(url, acceptEncoding);
        expect(answer.statusCode, `${url} ${acceptEncoding}`).toBeLessThan(500);
        if (!url.startsWith('/api')) expect(decoded(answer).equals(onDisk(url === `/${script}` ? script : 'index.html')), `${url} ${acceptEncoding}`).toBe(true);
      }
    }
  });
});

describeEachDatabase('API answers on the wire', (database) => {
  const api = useApi(database);
  const invoice = () => api.registry.byType('taxinvoice')!;
  const post = (url: string, body: object, acceptEncoding?: string) =>
    api.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { authorization: `Bearer ${api.token}`, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
    });
  const LINES = 40;

  beforeAll(async () => {
    const saved = await api.post(invoice().createPath, { method: 'create', type: 'taxinvoice', ...validPayload(invoice(), LINES, { invoiceno: 1 }) });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
  });

  it('compresses a large JSON answer and decodes to the same answer', async () => {
    const plain = await post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 1 });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(4096);
    expect(JSON.parse(plain.body).bill.product).toHaveLength(LINES);
    for (const [acceptEncoding, encoding] of NEGOTIATIONS) {
      const answer = await post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 1 }, acceptEncoding);
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(encoding);
      if (encoding) {
        expect(varies(answer), acceptEncoding).toBe(true);
        expect(answer.rawPayload.length, acceptEncoding).toBeLessThan(plain.rawPayload.length / 2);
      }
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(decoded(answer).equals(plain.rawPayload), acceptEncoding).toBe(true);
    }
  });

  it('leaves a tiny answer and a PDF as they are', async () => {
    const tiny = await post('/api/common/getbillno', { billtype: 'taxinvoice' }, 'br, gzip');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.rawPayload.length).toBeLessThan(1024);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(tiny.body)).toBeTypeOf('object');

    const pdf = await post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 1 }, 'br, gzip');
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(Number(pdf.headers['content-length'])).toBe(pdf.rawPayload.length);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('compresses the streamed sales register as it streams, JSON and CSV, and leaves the workbook alone', async () => {
    const period = { from: '2026-11-01', to: '2026-11-30' };
    for (const format of ['json', 'csv']) {
      const plain = await post('/api/gst/salesregister', { ...period, format });
      expect(plain.statusCode, plain.body.slice(0, 200)).toBe(200);
      expect(plain.body).toContain('Shree Ganesh Transport');
      for (const acceptEncoding of ['br', 'gzip']) {
        const answer = await post('/api/gst/salesregister', { ...period, format }, acceptEncoding);
        expect(answer.headers['content-encoding'], `${format} ${acceptEncoding}`).toBe(acceptEncoding);
        expect(decoded(answer).equals(plain.rawPayload), `${format} ${acceptEncoding}`).toBe(true);
      }
    }
    const workbook = await post('/api/gst/salesregister', { ...period, format: 'xlsx' }, 'br, gzip');
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers['content-encoding']).toBeUndefined();
    expect(workbook.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('answers a compressed request body as before: refused with a message, never a server error', async () => {
    const answer = await api.app.inject({
      method: 'POST',
      url: '/api/gst/getbill',
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body).msg).toBeTypeOf('string');
  });
});
