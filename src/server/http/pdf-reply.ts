import type { FastifyReply } from 'fastify';
import { billPdfFileName, safeFileName, type BillType, type StoredBill } from '../../engine/core';
import { renderBillPdf, renderDocumentJob, type DocumentJob, type PrintOptions } from '../../pdf';

/**
 * Turns a bill (as `storedBill` shapes it) and the print options (the seller's profile, copies: plain data)
 * into PDF bytes; the server's is pdfmake's, tests pass others.
 */
export type PdfRenderer = (billType: BillType, bill: Record<string, unknown>, options?: PrintOptions) => Promise<Buffer>;

export const defaultPdfRenderer: PdfRenderer = renderBillPdf;

/** Turns a receipt or a statement (plain data) into PDF bytes; the server's worker pool, or pdfmake here by default. */
export type DocumentRenderer = (job: DocumentJob) => Promise<Buffer>;

export const defaultDocumentRenderer: DocumentRenderer = renderDocumentJob;

/** RFC 5987 encoding for `filename*`: percent-encoded UTF-8, with the characters it reserves encoded too. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment` under a download's name (a bill's, a receipt's, a statement's, a report's), made safe by the core's
 * one rule (`safeFileName`: no quote, control or bidi character, no path) whatever client name it holds:
 * `filename*` keeps the name in UTF-8, `filename` is the ASCII fallback for older clients.
 */
export function downloadDisposition(name: string): string {
  const [, base, extension] = /^(.*)\.([A-Za-z0-9]{1,5})$/s.exec(name) ?? [name, name, 'bin'];
  const safe = safeFileName(base, extension);
  const ascii = safe.replace(/[^\x20-\x7e]|[%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(safe)}`;
}

/** Sends rendered PDF bytes of a bill as its download. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, billType: BillType, bill: StoredBill) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', downloadDisposition(billPdfFileName(billType, bill)))
    .header('Cache-Control', 'no-store')
    .send(pdf);
}
