import type { FastifyReply } from 'fastify';
import type { BillType } from '../../engine';
import { renderBillPdf } from '../../pdf';

/** Turns a bill (as `storedBill` shapes it) into PDF bytes; the server's is pdfmake's, tests pass others. */
export type PdfRenderer = (billType: BillType, bill: Record<string, unknown>) => Promise<Buffer>;

export const defaultPdfRenderer: PdfRenderer = renderBillPdf;

const MAX_NAME_LENGTH = 120;

/** RFC 5987 encoding for `filename*`: percent-encoded UTF-8, with the characters it reserves encoded too. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment` with the file name `{billno}-{clientname}.pdf` (spec 7). Characters that could end the
 * header, change the path or confuse a file system are replaced; `filename*` keeps the client's name in
 * UTF-8, `filename` is the ASCII fallback for older clients.
 */
export function pdfContentDisposition(billno: unknown, clientname: unknown): string {
  const base = `${String(billno)}-${String(clientname ?? '')}`
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\\/:*?"<>|]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const name = `${[...base].slice(0, MAX_NAME_LENGTH).join('')}.pdf`;
  const ascii = name.replace(/[^\x20-\x7e]|[%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}

/** Sends rendered PDF bytes of a bill as its download. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, bill: Record<string, unknown>) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', pdfContentDisposition(bill.billno, bill.clientname))
    .header('Cache-Control', 'no-store')
    .send(pdf);
}
