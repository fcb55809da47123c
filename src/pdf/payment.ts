import { fromPaise, upiPaymentLink, type Money } from '../engine/core';
import { billNumberText, type DocumentContext } from './context';
import type { Content } from './doc-types';
import { formatMoney } from './format';
import { BOXED, RUPEE } from './styles';

const QR_SIZE = 84;

/** "Invoice No. 12": what the payer's bank statement shows, so the payment can be matched to the bill. */
export function paymentNote(context: DocumentContext): string {
  return `${context.billType.pdf.documentName} No. ${billNumberText(context)}`;
}

/** What the QR asks for: the balance due the server counted (whole paise), else the grand total. */
function amountAsked(context: DocumentContext, balanceDue: number | undefined): Money {
  return balanceDue === undefined ? context.totals.grandTotal : fromPaise(balanceDue);
}

/** The UPI link of the QR code: the seller's UPI ID and name, the amount to two places, the bill. */
export function upiLink(context: DocumentContext, amount: Money = context.totals.grandTotal): string {
  const { seller } = context;
  return upiPaymentLink(seller.upiId, seller.companyName, amount.toFixed(2), paymentNote(context));
}

/** "Scan to pay ₹ 1,180.00"; once part is paid or noted, the amount is named as the balance due. */
function scanToPayText(context: DocumentContext, amount: Money): string {
  const named = amount.eq(context.totals.grandTotal) ? '' : '  ·  Balance due';
  return `Scan to pay${named} ${RUPEE} ${formatMoney(amount)}`;
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

/** No QR once nothing is due (a paid or cancelled bill): a shop would not ask to be paid twice. */
function upiQr(context: DocumentContext, balanceDue: number | undefined): Content[] {
  const amount = amountAsked(context, balanceDue);
  if (context.seller.upiId === '' || amount.lte(0)) return [];
  return [
    {
      columns: [
        { qr: upiLink(context, amount), fit: QR_SIZE, eccLevel: 'M', width: QR_SIZE },
        {
          width: '*',
          stack: [
            { text: scanToPayText(context, amount), bold: true },
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
 * On bills that ask to be paid (x-bill.pdf.payment): the seller's bank details beside a UPI QR code for what is
 * due (the balance the server counted, else the grand total), then the terms; kept together on one page. Nothing
 * for quotations, or when the profile has none of them.
 */
export function paymentBlock(context: DocumentContext, balanceDue?: number): Content[] {
  if (!context.billType.pdf.payment) return [];
  const bank = bankDetails(context);
  const qr = upiQr(context, balanceDue);
  const body: Content[] = [];
  if (bank.length || qr.length) {
    // Bank details beside the QR on a sheet, above it on a roll.
    const cells: Content[][] = context.layout.oneColumn ? [bank, qr].filter((cell) => cell.length).map((cell) => [{ stack: cell }]) : [[{ stack: bank }, { stack: qr }]];
    body.push({ table: { widths: context.layout.oneColumn ? ['*'] : ['*', '*'], body: cells }, layout: BOXED });
  }
  body.push(...terms(context));
  if (body.length === 0) return [];
  return [{ stack: body, unbreakable: true, margin: [0, 8, 0, 0] }];
}
