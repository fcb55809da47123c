import { formatIndian, paiseText, type SellerProfile, type StatementTexts } from '../engine/core';
import type { Content, DocumentDefinition, TableLayout } from './doc-types';
import { formatDate, plainText } from './format';
import { letterhead, sellerImages } from './letterhead';
import { linesByMonth } from './statement-months';
import { BOXED, DEFAULT_STYLE, linesLayout, PAGE_MARGINS, RUPEE, STYLES } from './styles';

/** A statement line as printed: amounts in whole paise (0 prints empty in the debit and credit columns). */
export interface StatementPrintLine {
  date: string;
  particulars: string;
  number: string;
  debit: number;
  credit: number;
  balance: number;
}

/** A client's statement as the PDF prints it (plain data, shaped by the server). */
export interface StatementData {
  clientName: string;
  clientAddress: string;
  from: string;
  to: string;
  opening: number;
  lines: StatementPrintLine[];
  closing: number;
  /** Not due, 1-30, 31-60, 61-90, over 90 days past due: whole paise. */
  ageing: [number, number, number, number, number];
  /** Money received on account (payments no bill took, receipt documents) by the period's end: whole paise. */
  onAccount: number;
}

/**
 * The statement's lines are open as a bill's line table is (styles.ts linesLayout: rules around the header and
 * at the end, none between lines or columns), with one more rule above the closing balance. Ruling every cell
 * was about a third of what a statement of 2,000 bills cost to draw (issue 51).
 */
const STATEMENT_LINES: TableLayout = {
  ...linesLayout(1),
  hLineWidth: (row, node) => (row === 0 || row === 1 || row >= node.table.body.length - 1 ? 0.5 : 0),
};

const money = (paise: number) => `${RUPEE} ${formatIndian(paiseText(paise))}`;
/**
 * A line's amounts are printed without the rupee sign, as ledgers print their columns: the opening and closing
 * balances above and below them carry it. A word fewer for each of the three figures of every line is about a
 * fifth of what pdfmake spends laying out a long statement (issue 51).
 */
const figure = (paise: number) => formatIndian(paiseText(paise));
const maybe = (paise: number) => (paise === 0 ? '' : figure(paise));

/**
 * A client's statement of account (issue 29): the unit's letterhead, the client and period, the opening balance,
 * every bill and payment with a running balance (the table header repeats on every page), the closing balance and
 * its ageing. Texts from payments.json. Past `linesInFull` lines it prints a month to a line and says so (issue
 * 51): laying out 61 pages of 3,000 lines took pdfmake over half a second, and the CSV lists every line.
 */
export function statementDocument(texts: StatementTexts, seller: SellerProfile, data: StatementData): DocumentDefinition {
  const images = sellerImages({ seller });
  const period = texts.period.replace('{from}', formatDate(data.from)).replace('{to}', formatDate(data.to));
  const right = (text: string, bold = false): Content => ({ text, alignment: 'right', bold });
  const summarised = data.lines.length > texts.linesInFull;
  const lines = summarised ? linesByMonth(texts, data.lines) : data.lines;
  const body: Content[][] = [
    texts.columns.map((title) => ({ text: title, style: 'tableHeader' })),
    [formatDate(data.from), { text: texts.opening, italics: true }, '', '', '', right(money(data.opening))],
    ...lines.map((line) => [
      formatDate(line.date),
      plainText(line.particulars),
      plainText(line.number),
      right(maybe(line.debit)),
      right(maybe(line.credit)),
      right(figure(line.balance)),
    ]),
    [formatDate(data.to), { text: texts.closing, bold: true, colSpan: 4 }, '', '', '', right(money(data.closing), true)],
  ];
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: PAGE_MARGINS,
    info: { title: `${texts.title} ${plainText(data.clientName)}`, author: seller.companyName, subject: period, creator: seller.companyName },
    defaultStyle: DEFAULT_STYLE,
    styles: STYLES,
    header: () => '',
    footer: (page: number, pages: number): Content => ({
      columns: [{ text: `${texts.title}  ·  ${plainText(data.clientName)}  ·  ${period}`, width: '*' }, { text: `Page ${page} of ${pages}`, alignment: 'right', width: 'auto' }],
      style: 'pageFooter',
      margin: [PAGE_MARGINS[0], 14, PAGE_MARGINS[2], 0],
    }),
    content: [
      { text: texts.title, style: 'title' },
      letterhead({ seller }),
      {
        columns: [
          { stack: [{ text: plainText(data.clientName), style: 'partyName' }, { text: plainText(data.clientAddress), style: 'small' }] },
          { text: period, alignment: 'right', style: 'value' },
        ],
        margin: [0, 12, 0, 8],
      },
      { table: { headerRows: 1, widths: [52, '*', 60, 75, 75, 80], body }, layout: STATEMENT_LINES },
      ...(summarised ? [{ text: texts.summarised.replace('{count}', formatIndian(data.lines.length, 0)), style: 'small', margin: [0, 4, 0, 0] } as Content] : []),
      { text: texts.ageingTitle, style: 'value', margin: [0, 12, 0, 4] },
      {
        table: {
          widths: ['*', '*', '*', '*', '*'],
          body: [texts.ageing.map((title) => ({ text: title, style: 'tableHeader' })), data.ageing.map((paise) => right(money(paise)))],
        },
        layout: BOXED,
      },
      ...(data.onAccount > 0 ? [{ text: texts.onAccount.replace('{amount}', money(data.onAccount)), style: 'value', margin: [0, 6, 0, 0] } as Content] : []),
      { text: texts.footer, style: 'pageFooter', alignment: 'center', margin: [0, 18, 0, 0] },
    ],
    ...(images && { images }),
  };
}
