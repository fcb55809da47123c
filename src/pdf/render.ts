import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { BillType } from '../engine';

type StoredBill = Record<string, unknown>;
interface PdfMake {
  addFonts(fonts: unknown): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (path: string) => boolean): void;
  createPdf(docDefinition: unknown): { getBuffer(): Promise<Uint8Array> };
}

const require = createRequire(import.meta.url);
let pdfmake: PdfMake | undefined;

/** pdfmake with its bundled Roboto (it has the rupee sign), reading nothing but those font files. */
function loadPdfmake(): PdfMake {
  if (pdfmake) return pdfmake;
  const instance = require('pdfmake') as PdfMake;
  const fonts = require('pdfmake/fonts/Roboto.js') as { Roboto: Record<string, string> };
  const fontDir = dirname(fonts.Roboto.normal);
  instance.addFonts(fonts);
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((path) => dirname(path) === fontDir);
  pdfmake = instance;
  return instance;
}

/**
 * Renders a saved bill (its header fields with billno, and its product rows) to PDF bytes.
 * Placeholder layout until the PDF documents issue lands; the pdfmake path is the real one.
 */
export async function renderBillPdf(billType: BillType, bill: StoredBill): Promise<Buffer> {
  const docDefinition = {
    pageSize: 'A4',
    content: [{ text: billType.pdf.title }, { text: String(bill.clientname ?? '') }],
  };
  return Buffer.from(await loadPdfmake().createPdf(docDefinition).getBuffer());
}
