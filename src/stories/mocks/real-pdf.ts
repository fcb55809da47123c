import type { BillType, Row } from '../../engine/core';
import { billDocument } from '../../pdf/document';

/**
 * A bill's real PDF, made in the browser by pdfmake's browser build (with the Roboto fonts it ships, as the
 * server uses) from the very document definition the server renders (src/pdf/document.ts), so the View PDF
 * Bill story shows the real document. Stories only, loaded on first use: the app's bundle never holds pdfmake.
 */
export async function realBillPdf(billType: BillType, bill: Row): Promise<Blob> {
  const [{ default: pdfMake }, { default: vfs }] = await Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]);
  pdfMake.addVirtualFileSystem(vfs);
  return pdfMake.createPdf(billDocument(billType, bill)).getBlob();
}
