import { upiPaymentLink } from '../engine/core';
import { billNumberText, type DocumentContext } from './context';
import type { Content } from './doc-types';
import { formatMoney } from './format';
import { BOXED, RUPEE } from './styles';

const QR_SIZE = 84;

/** "Invoice No. 12": what the payer's bank statement shows, so the payment can be matched to the bill. */
export function paymentNote(context: DocumentContext): string {
  return `${context.billType.pdf.documentName} No. ${billNumberText(context)}`;
}

/** The UPI link of the QR code: the seller's UPI ID and name, the grand total to two places, the bill. */
export function upiLink(context: DocumentContext): string {
  const { seller, totals } = context;
  return upiPaymentLink(seller.upiId, seller.companyName, totals.grandTotal.toFixed(2), paymentNote(context));
}

function bankDetails(context: DocumentContext): Content[] {
  const { bankName, accountNumber, ifsc, branch } = context.seller;
  if (accountNumber === '') return [];
  const row = (label: string, value: string): Content => ({ text: [{ text: `${label}: `, style: 'label' }, { text: value, bold: true }] });
  return [
    { text: "Company's Bank Details", style: 'label', margin: [0, 0, 0, 2] },
    row('Bank Name', bankName),
    row('A/c No.', accountNumber),
    row('IFSC', ifsc),
    ...(branch !== '' ? [row('Branch', branch)] : []),
  ];
}

function upiQr(context: DocumentContext): Content[] {
  if (context.seller.upiId === '') return [];
  return [
    {
      columns: [
        { qr: upiLink(context), fit: QR_SIZE, eccLevel: 'M', width: QR_SIZE },
        {
          width: '*',
          stack: [
            { text: `Scan to pay ${RUPEE} ${formatMoney(context.totals.grandTotal)}`, bold: true },
            { text: `UPI: ${context.seller.upiId}`, style: 'small', margin: [0, 2, 0, 0] },
          ],
          margin: [4, 6, 0, 0],
        },
      ],
      columnGap: 4,
    },
  ];
}

function terms(context: DocumentContext): Content[] {
  if (context.seller.terms === '') return [];
  return [{ text: 'Terms and Conditions', style: 'label', margin: [0, 4, 0, 1] }, { text: context.seller.terms, style: 'small' }];
}

/**
 * On bills that ask to be paid (x-bill.pdf.payment): the seller's bank details beside a UPI QR code for the
 * exact grand total, then the terms; kept together on one page. Nothing for quotations, or when the profile
 * has none of them.
 */
export function paymentBlock(context: DocumentContext): Content[] {
  if (!context.billType.pdf.payment) return [];
  const bank = bankDetails(context);
  const qr = upiQr(context);
  const body: Content[] = [];
  if (bank.length || qr.length) {
    body.push({
      table: { widths: ['*', '*'], body: [[{ stack: bank }, { stack: qr }]] },
      layout: BOXED,
    });
  }
  body.push(...terms(context));
  if (body.length === 0) return [];
  return [{ stack: body, unbreakable: true, margin: [0, 8, 0, 0] }];
}
