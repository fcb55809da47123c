import type { DocumentKind } from './document-kind';
import type { Period } from './periods';

/** A kind's place in GSTR-1 table 13 (doc_issue): its series are counted in this row. */
export interface DocumentRow {
  doc_num: number;
  doc_typ: string;
}

/** The doc_issue row of each kind of document (x-bill.kind); a kind without one is not reported there (a quotation). */
export const DOCUMENT_ROWS: Readonly<Partial<Record<DocumentKind, DocumentRow>>> = {
  sale: { doc_num: 1, doc_typ: 'Invoices for outward supply' },
  debitNote: { doc_num: 4, doc_typ: 'Debit Note' },
  creditNote: { doc_num: 5, doc_typ: 'Credit Note' },
  receipt: { doc_num: 6, doc_typ: 'Receipt voucher' },
  refund: { doc_num: 8, doc_typ: 'Refund voucher' },
};

/**
 * GSTR-1 b2cl: an inter-state invoice to a buyer without a GSTIN is reported invoice by invoice above this value
 * (rupees): ₹1,00,000 for invoices dated from 1 August 2024 (notification 12/2024), ₹2,50,000 before.
 */
export function b2clLimit(billDate: string): number {
  return billDate >= '2024-08-01' ? 100_000 : 250_000;
}

/** From the May 2025 return on, GSTR-1's HSN summary is split into hsn_b2b and hsn_b2c; before, one hsn.data. */
export function hsnSplitByBuyer(period: Period): boolean {
  return period.to >= '2025-05-01';
}

/**
 * Section 34(2) CGST Act: a credit note's tax can be reduced no later than 30 November following the end of the
 * financial year of the supply (the original bill's date); after that day the credit can no longer be claimed.
 */
export function creditNoteLastDay(originalDate: string): string {
  // The financial year runs April to March: a bill of January to March belongs to the year begun the April before.
  const year = Number(originalDate.slice(0, 4));
  const firstYear = originalDate.slice(5, 7) >= '04' ? year : year - 1;
  return `${firstYear + 1}-11-30`;
}
