import { formatIndian, fromPaise, paiseText, type ReceiptTexts, type SellerProfile } from '../engine/core';
import { amountInWords } from '../engine/core/words';
import type { Content, DocumentDefinition } from './doc-types';
import { formatDate, plainText } from './format';
import { letterhead, sellerImages, SIGNATURE_IMAGE } from './letterhead';
import { BOXED, DEFAULT_STYLE, PAGE_MARGINS, RUPEE, STYLES } from './styles';

/** One bill a payment settled, as the receipt prints it; amounts in whole paise. */
export interface ReceiptLine {
  bill: string;
  billDate: string;
  billTotal: number;
  amount: number;
}

/** A payment as its receipt prints it (plain data: the server shapes it, the document only lays it out). */
export interface ReceiptData {
  printedNo: string;
  date: string;
  clientName: string;
  clientAddress: string;
  /** Whole paise. */
  amount: number;
  modeName: string;
  reference: string;
  notes: string;
  lines: ReceiptLine[];
  /** Income tax the client deducted (issue 46): its line ("TDS deducted u/s 393") and amount, whole paise. */
  tds?: { line: string; amount: number };
  /** What no bill took of the money and the TDS (held on account), whole paise. */
  unallocated: number;
}

const money = (paise: number) => `${RUPEE} ${formatIndian(paiseText(paise))}`;

function billsTable(texts: ReceiptTexts, receipt: ReceiptData): Content[] {
  const right = (paise: number, bold = false): Content => ({ text: money(paise), alignment: 'right', bold });
  const rows: Content[][] = receipt.lines.map((line) => [
    plainText(line.bill),
    formatDate(line.billDate),
    right(line.billTotal),
    right(line.amount),
  ]);
  if (receipt.unallocated > 0) rows.push([{ text: texts.onAccount, colSpan: 3 }, '', '', right(receipt.unallocated)]);
  // The bills were settled by the money and the TDS together; the TDS is taken off to leave what was received.
  if (receipt.tds) rows.push([{ text: receipt.tds.line, colSpan: 3 }, '', '', { text: `- ${money(receipt.tds.amount)}`, alignment: 'right' }]);
  rows.push([{ text: texts.total, bold: true, colSpan: 3 }, '', '', right(receipt.amount, true)]);
  return [
    { text: texts.billsTitle, style: 'value', margin: [0, 10, 0, 4] },
    {
      table: { headerRows: 1, widths: ['*', 70, 90, 90], body: [texts.billColumns.map((title) => ({ text: title, style: 'tableHeader' })), ...rows] },
      layout: BOXED,
    },
  ];
}

/**
 * A payment receipt (issue 29): the unit's letterhead, the receipt number and date, who paid how much (in
 * figures and in words), how, and the bills it settled with what is held on account. Texts from payments.json.
 */
export function receiptDocument(texts: ReceiptTexts, seller: SellerProfile, receipt: ReceiptData): DocumentDefinition {
  const images = sellerImages({ seller });
  const reference = `${texts.title} ${texts.numberLabel} ${receipt.printedNo}`;
  const detail = (label: string, value: string): Content => ({ text: [{ text: `${label}: `, style: 'label' }, { text: plainText(value), style: 'value' }] });
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: PAGE_MARGINS,
    info: { title: reference, author: seller.companyName, subject: `${texts.title} for ${plainText(receipt.clientName)}`, creator: seller.companyName },
    defaultStyle: DEFAULT_STYLE,
    styles: STYLES,
    header: () => '',
    footer: (page: number, pages: number): Content => ({
      columns: [{ text: reference, width: '*' }, { text: `Page ${page} of ${pages}`, alignment: 'right', width: 'auto' }],
      style: 'pageFooter',
      margin: [PAGE_MARGINS[0], 14, PAGE_MARGINS[2], 0],
    }),
    content: [
      { text: texts.title, style: 'title' },
      letterhead({ seller }),
      {
        columns: [detail(texts.numberLabel, receipt.printedNo), { ...(detail(texts.dateLabel, formatDate(receipt.date)) as object), alignment: 'right' }],
        margin: [0, 12, 0, 8],
      },
      {
        text: [
          `${texts.receivedFrom} `,
          { text: plainText(receipt.clientName), style: 'partyName' },
          receipt.clientAddress ? `, ${plainText(receipt.clientAddress)}` : '',
          `, ${texts.sumOf} `,
          { text: money(receipt.amount), bold: true },
          ` (${amountInWords(fromPaise(receipt.amount))}).`,
        ],
      },
      {
        columns: [detail(texts.modeLabel, receipt.modeName), receipt.reference ? detail(texts.referenceLabel, receipt.reference) : { text: '' }],
        margin: [0, 8, 0, 0],
      },
      ...(receipt.notes ? [{ text: plainText(receipt.notes), style: 'small', margin: [0, 4, 0, 0] } as Content] : []),
      ...billsTable(texts, receipt),
      {
        stack: [
          { text: `for ${seller.companyName}`, bold: true },
          ...(seller.signature !== '' ? [{ image: SIGNATURE_IMAGE, fit: [110, 40] } as Content] : [{ text: ' ', margin: [0, 18, 0, 0] } as Content]),
          { text: texts.signatory },
        ],
        alignment: 'right',
        margin: [0, 24, 0, 0],
      },
      { text: texts.footer, style: 'pageFooter', alignment: 'center', margin: [0, 18, 0, 0] },
    ],
    ...(images && { images }),
  };
}
