/**
 * What a document is (x-bill.kind), declared once in its bill file: a sale, a non-sale (a quotation, a delivery
 * challan), a credit or debit note, a receipt of money, a refund of an advance. Balances, the register, GSTR-1, doc_issue (its row of each
 * kind: gst-returns.ts DOCUMENT_ROWS) and the list columns read these facts of the kind, never a bill type's name, so a maintainer's new note or receipt type is
 * reported as what it is.
 */
export const DOCUMENT_KINDS = ['sale', 'nonSale', 'creditNote', 'debitNote', 'receipt', 'refund'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface KindFacts {
  /** A sale to be paid: the sales register, GSTR-1's invoices, balances, receivables and the list's Balance column. */
  sales: boolean;
  /** A note: -1 takes value off the bill it corrects (credit), 1 adds to it (debit); its GSTR-1 ntty in cdnr/cdnur. */
  note?: { sign: -1 | 1; gstr1NoteType: 'C' | 'D' };
  /**
   * Which way the document moves what its client owes, on the client's statement and in receivables: 1 a sale, a
   * debit note or a refund of an advance (the client owes more: money went back), -1 a credit note or a receipt of
   * money (less: a receipt is money on account, as a payment no bill took), 0 a non-sale (a quotation owes nothing).
   */
  owed: -1 | 0 | 1;
  /**
   * GSTR-1 reports it (a sale's invoice, a note in cdnr/cdnur, a receipt voucher in doc_issue): once a month's return
   * is filed, no document of the kind dated in it is created, changed, deleted or restored (period-locks.ts).
   */
  gstr1: boolean;
  /**
   * Which way its stocked goods lines move the unit's stock (issue 48, the Rule 56(2) stock account): out of it (a
   * sale), back into it (a credit note: a sales return), or not at all (a quotation, a receipt of money).
   */
  stock?: 'out' | 'in';
}

export const KIND_FACTS: Readonly<Record<DocumentKind, KindFacts>> = {
  sale: { sales: true, owed: 1, gstr1: true, stock: 'out' },
  nonSale: { sales: false, owed: 0, gstr1: false },
  creditNote: { sales: false, note: { sign: -1, gstr1NoteType: 'C' }, owed: -1, gstr1: true, stock: 'in' },
  debitNote: { sales: false, note: { sign: 1, gstr1NoteType: 'D' }, owed: 1, gstr1: true },
  receipt: { sales: false, owed: -1, gstr1: true },
  refund: { sales: false, owed: 1, gstr1: true },
};

/**
 * The kinds whose documents are money on account: they take off what the client owes but correct no bill (a
 * receipt), so receivables count them beside the payments no bill took.
 */
export const isMoneyOnAccount = (kind: DocumentKind): boolean => KIND_FACTS[kind].owed < 0 && KIND_FACTS[kind].note === undefined;

/** A bill file without x-bill.kind is a non-sale (as a quotation): nothing is reported of it by default. */
export const DEFAULT_KIND: DocumentKind = 'nonSale';
