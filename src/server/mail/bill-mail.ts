import {
  billFigures,
  billPdfFileName,
  clientNameKey,
  formatIndian,
  portalDate,
  printedNumberOf,
  sellerStateCode,
  upiPaymentLink,
  type BillType,
  type SellerProfile,
  type StoredBill,
} from '../../engine/core';
import { billMail, type MailFacts } from '../../engine/core/mail-template';
import type { PdfRenderer } from '../http/pdf-reply';
import type { Storage } from '../storage';
import type { BillRef } from '../storage/bills';
import { storedBill } from '../bills/shape';
import { printedSeller } from '../profile/seller';

/** A stored bill with what its e-mail needs: the seller it prints, its figures as placeholders, the client's e-mail. */
export interface BillForMail {
  billType: BillType;
  bill: StoredBill;
  /** The bill's financial year (its identity with the type and number). */
  fy: number;
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
  const facts: MailFacts = {
    document,
    number,
    date: date === '' ? '' : portalDate(date),
    total: formatIndian(total),
    // Until payments are recorded against bills, what is due is the whole bill, on its date.
    balance: formatIndian(total),
    duedate: date === '' ? '' : portalDate(date),
    upilink: billType.pdf.payment && seller?.upiId ? upiPaymentLink(seller.upiId, company, total, `${document} No. ${number}`) : '',
    client,
    company,
  };
  return { billType, bill, fy: record.fy, seller, facts, clientEmail: await storage.mail.clientEmail(clientNameKey(client)) };
}

/** The default subject and body of a bill's e-mail. */
export const billMailText = (found: BillForMail) => billMail(found.billType, found.facts);

/** The bill's PDF as showpdf answers it, under the same file name. */
export async function billAttachment(found: BillForMail, renderPdf: PdfRenderer): Promise<{ filename: string; content: Buffer }> {
  const content = await renderPdf(found.billType, found.bill, { profile: found.seller });
  return { filename: billPdfFileName(found.billType, found.bill), content };
}
