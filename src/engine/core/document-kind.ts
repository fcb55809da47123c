/**
 * What a document is (x-bill.kind), declared once in its bill file: a sale, a non-sale (a quotation, a delivery
 * challan), a credit or debit note, a receipt of money. Balances, the register, GSTR-1, doc_issue and the list
 * columns read these facts of the kind, never a bill type's name, so a maintainer's new note or receipt type is
 * reported as what it is.
 */
export const DOCUMENT_KINDS = ['sale', 'nonSale', 'creditNote', 'debitNote', 'receipt'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A kind's place in GSTR-1 table 13 (doc_issue): its series are counted in this row. */
export interface DocumentRow {
  doc_num: number;
  doc_typ: string;
}

export interface KindFacts {
  /** A sale to be paid: the sales register, GSTR-1's invoices, balances, receivables and the list's Balance column. */
  sales: boolean;
  /** A note: -1 takes value off the bill it corrects (credit), 1 adds to it (debit); its GSTR-1 ntty in cdnr/cdnur. */
  note?: { sign: -1 | 1; gstr1NoteType: 'C' | 'D' };
  /** Its row of GSTR-1's documents issued; none: not reported there (a quotation). */
  documentRow?: DocumentRow;
}

export const KIND_FACTS: Readonly<Record<DocumentKind, KindFacts>> = {
  sale: { sales: true, documentRow: { doc_num: 1, doc_typ: 'Invoices for outward supply' } },
  nonSale: { sales: false },
  creditNote: { sales: false, note: { sign: -1, gstr1NoteType: 'C' }, documentRow: { doc_num: 5, doc_typ: 'Credit Note' } },
  debitNote: { sales: false, note: { sign: 1, gstr1NoteType: 'D' }, documentRow: { doc_num: 4, doc_typ: 'Debit Note' } },
  receipt: { sales: false, documentRow: { doc_num: 6, doc_typ: 'Receipt voucher' } },
};

/** A bill file without x-bill.kind is a non-sale (as a quotation): nothing is reported of it by default. */
export const DEFAULT_KIND: DocumentKind = 'nonSale';
