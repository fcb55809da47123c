import type { FastifyReply } from 'fastify';
import { billPdfFileName, type BillType, type StoredBill } from '../../engine/core';
import { renderBillPdf, type PrintOptions } from '../../pdf';

/**
 * Turns a bill (as `storedBill` shapes it) and the print options (the seller's profile, copies: plain data)
 * into PDF bytes; the server's is pdfmake's, tests pass others.
 */
export type PdfRenderer = (billType: BillType, bill: Record<string, unknown>, options?: PrintOptions) => Promise<Buffer>;

export const defaultPdfRenderer: PdfRenderer = renderBillPdf;

/** RFC 5987 encoding for `filename*`: percent-encoded UTF-8, with the characters it reserves encoded too. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment` with the bill's file name (the core's `pdfFileName`): `filename*` keeps the client's name in
 * UTF-8, `filename` is the ASCII fallback for older clients.
 */
export function pdfContentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|[%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}

/** Sends rendered PDF bytes of a bill as its download. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, billType: BillType, bill: StoredBill) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', pdfContentDisposition(billPdfFileName(billType, bill)))
    .header('Cache-Control', 'no-store')
    .send(pdf);
}
