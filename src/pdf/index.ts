/**
 * PDF documents: (bill type, stored bill, print options) -> pdfmake document definition -> PDF bytes.
 * `billDocument` is pure (no Node, no I/O); `renderBillPdf` is the Node renderer the server calls.
 */
export { billDocument, MAX_COPIES } from './document';
export type { AgainstBill, PrintOptions } from './context';
export type { DocumentDefinition } from './doc-types';
export { preparePdfmake, probeImage, renderBillPdf, renderDocument } from './render';
export { renderDocumentJob, type DocumentJob } from './document-job';
export { receiptDocument, type ReceiptData, type ReceiptLine } from './receipt';
export { statementDocument, type StatementData, type StatementPrintLine } from './statement';
export { unitSeller } from './context';
