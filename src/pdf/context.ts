import {
  billTotals,
  defaultProfile,
  printedNumberOf,
  sellerProfile,
  sellerStateCode,
  storedKey,
  type BillTotals,
  type BillType,
  type EwayBillReply,
  type IrnReply,
  type FieldSpec,
  type Row,
  type SellerProfile,
  type Unit,
} from '../engine/core';
import { plainText } from './format';
import { pageLayout, type PageLayout } from './page-layout';

/** What the server adds to a bill when it prints it: plain data, so a worker thread can render it too. */
export interface PrintOptions {
  /** The unit's saved business profile; without one, its units.json letterhead. */
  profile?: SellerProfile;
  /** How many copies (1 to 3), each starting on a new page, marked with the type's copy labels. */
  copies?: number;
  /** Printed across every page (a cancelled bill: "CANCELLED"). */
  stamp?: string;
  /** A credit or debit note's original (x-bill.note.againstLabel fills {document}, {number}, {date}). */
  against?: AgainstBill;
  /** Issue 33: the bill's e-way bill as the portal answered it, typed back (saveewb). */
  ewayBill?: EwayBillReply;
  /** Issue 33: the IRP's answer to the bill's e-invoice, typed back (saveirn). */
  irn?: IrnReply;
  /**
   * Issue 50: what is still owed on the bill in whole paise (payments and notes counted, 0 once paid or cancelled),
   * which its UPI QR asks for; absent for a bill that keeps no balance, whose QR asks for the grand total.
   */
  balanceDue?: number;
}

/** The bill a note corrects, as its PDF names it: "Tax Invoice", "5", the ISO day of its date. */
export interface AgainstBill {
  document: string;
  number: string;
  date: string;
}

/** What every section of the document reads: the bill type, its unit's texts, the seller, the bill and its totals. */
export interface DocumentContext {
  billType: BillType;
  unit: Unit;
  seller: SellerProfile;
  bill: Row;
  totals: BillTotals;
  against?: AgainstBill;
  /** The page the seller prints on (A4, A5, an 80 mm roll) and how the sections fit it. */
  layout: PageLayout;
}

/** The seller of a unit with no saved profile: its units.json letterhead. */
export function unitSeller(unit: Unit): SellerProfile {
  return sellerProfile(defaultProfile(unit.letterhead), `${unit.slug}:units.json`);
}

export function documentContext(billType: BillType, bill: Row, profile?: SellerProfile, against?: AgainstBill): DocumentContext {
  const seller = profile ?? unitSeller(billType.unitInfo);
  const totals = billTotals(billType, bill, sellerStateCode(billType.unitInfo, seller));
  return { billType, unit: billType.unitInfo, seller, bill, totals, layout: pageLayout(seller), ...(against && { against }) };
}

/** A header field's stored value: the bill number lives under billno, every other field under its name. */
export function headerValue(context: DocumentContext, field: FieldSpec): unknown {
  return context.bill[storedKey(field)];
}

/** The number as printed: its series filled in (as GSTR-1 reports it). */
export function billNumberText(context: DocumentContext): string {
  return plainText(printedNumberOf(context.billType, context.bill));
}

export function clientName(context: DocumentContext): string {
  return plainText(headerValue(context, context.billType.roles.clientName));
}

/** "TAX INVOICE Invoice No. 1024": the running text of page headers and footers. */
export function documentReference(context: DocumentContext): string {
  const { pdf } = context.billType;
  return `${pdf.title}  ·  ${pdf.numberLabel} ${billNumberText(context)}`;
}
