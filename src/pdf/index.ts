/**
 * PDF documents: (bill type, stored bill) -> pdfmake document definition -> PDF bytes.
 * `billDocument` is pure (no Node, no I/O); `renderBillPdf` is the Node renderer the server calls.
 */
export { billDocument } from './document';
export type { DocumentDefinition } from './doc-types';
export { preparePdfmake, renderBillPdf } from './render';
