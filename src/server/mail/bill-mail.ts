import {
  billFigures,
  billPdfFileName,
  clientNameKey,
  formatIndian,
  paiseToNumber,
  portalDate,
  printedNumberOf,
  sellerStateCode,
  upiPaymentLink,
  type BillType,
  type SellerProfile,
  type StoredBill,
} from '../../engine/core';
import { billMail, type MailFacts } from '../../engine/core/mail-template';
import type { PrintExtras } from '../bills/print-extras';
import type { PdfRenderer } from '../http/pdf-reply';
import type { Storage } from '../storage';
import type { BillRecord, BillRef } from '../storage/bills';
import { billBalanceOf } from '../bills/balance-due';
import { storedBill } from '../bills/shape';
import { printedSeller } from '../profile/seller';

/** A stored bill with what its e-mail needs: the seller it prints, its figures as placeholders, the client's e-mail. */
export interface BillForMail {
  billType: BillType;
  bill: StoredBill;
  /** The bill's financial year (its identity with the type and number). */
  fy: number;
  record: BillRecord;
  seller: SellerProfile | undefined;
  facts: MailFacts;
  clientEmail: string;
}

/** The bill a send names, or undefined when it is gone (deleted since). */
export async function billForMail(storage: Storage, billType: BillType, ref: BillRef): Promise<BillForMail | undefined> {
  const record = await storage.bills.find(ref);
  if (!record) return undefined;
  const bill = storedBill(billType, record);
  const seller = await printedSeller(storage, billType.unit);
  const unit = billType.unitInfo;
  const total = billFigures(billType, bill, sellerStateCode(unit, seller)).grandTotal.toFixed(2);
  const number = printedNumberOf(billType, bill);
  const date = String(bill[billType.roles.billDate.name] ?? '');
  const client = String(bill[billType.roles.clientName.name] ?? '').trim();
  const company = seller?.companyName || unit.letterhead.companyName;
  const document = billType.pdf.documentName;
  const balance = await billBalanceOf(storage, billType, record);
  // What is still owed (payments and notes counted), which the UPI link asks for; a paid or cancelled bill asks for nothing.
  const due = balance ? paiseToNumber(balance.balance).toFixed(2) : total;
  const upiId = billType.pdf.payment && (!balance || balance.balance > 0) ? (seller?.upiId ?? '') : '';
  const facts: MailFacts = {
    document,
    number,
    date: date === '' ? '' : portalDate(date),
    total: formatIndian(total),
    balance: formatIndian(due),
    duedate: balance ? portalDate(balance.due) : date === '' ? '' : portalDate(date),
    upilink: upiId ? upiPaymentLink(upiId, company, due, `${document} No. ${number}`) : '',
    client,
    company,
  };
  return { billType, bill, fy: record.fy, record, seller, facts, clientEmail: await storage.mail.clientEmail(clientNameKey(client)) };
}

/** The default subject and body of a bill's e-mail. */
export const billMailText = (found: BillForMail) => billMail(found.billType, found.facts);

/** The bill's PDF as showpdf answers it (its note's original, e-way bill and IRN printed), under the same file name. */
export async function billAttachment(found: BillForMail, renderPdf: PdfRenderer, extras: PrintExtras): Promise<{ filename: string; content: Buffer }> {
  const content = await renderPdf(found.billType, found.bill, { profile: found.seller, ...extras });
  return { filename: billPdfFileName(found.billType, found.bill), content };
}
