import type { BillType } from './registry/types';

/**
 * The words a document prints around its fields (x-bill.pdf.words), each today's text when the type gives none: a
 * receipt may say "Received from" and "Amount Received (in words)" where an invoice says "Buyer" and "Amount
 * Chargeable (in words)".
 */
export interface DocumentWords {
  /** The heading of the client block. */
  buyer: string;
  amountInWords: string;
  subTotal: string;
  roundOff: string;
  grandTotal: string;
  /** Under the totals: errors and omissions excepted. */
  errorsExcepted: string;
  /** The heading of the declaration in the closing block. */
  declaration: string;
  /** Above the signatory; {company} is the seller's name. */
  signedFor: string;
  /** Before "No" under the buyer of a tax document (Rule 46(p) on an invoice; Rule 50 asks it as a question). */
  reverseCharge: string;
}

export const DEFAULT_DOCUMENT_WORDS: Readonly<DocumentWords> = {
  buyer: 'Buyer',
  amountInWords: 'Amount Chargeable (in words)',
  subTotal: 'Sub Total',
  roundOff: 'Round Off',
  grandTotal: 'Grand Total',
  errorsExcepted: 'E. & O.E',
  declaration: 'Declaration',
  signedFor: 'for {company}',
  reverseCharge: 'Tax is payable on reverse charge',
};

/** A bill type's words: its own (x-bill.pdf.words), the default's for the rest. */
export function documentWords(billType: Pick<BillType, 'pdf'>): DocumentWords {
  return { ...DEFAULT_DOCUMENT_WORDS, ...billType.pdf.words };
}
