/**
 * PDF documents: (bill type, bill) -> pdfmake document definition -> PDF bytes.
 * Placeholder until the PDF documents issue lands: a minimal document through the real pdfmake path.
 */
export { renderBillPdf } from './render';
