import type { SellerProfile } from '../engine/core';
import type { Content, DocumentDefinition } from './doc-types';
import { formatDate, plainText } from './format';
import { letterhead } from './letterhead';
import { BOXED, DEFAULT_STYLE, PAGE_MARGINS, STYLES } from './styles';

/** One product's Rule 56(2) row as printed: quantities as the server answers them. */
export interface StockRegisterPrintRow {
  product: string;
  per: string;
  figures: number[];
}

/** The stock register (issue 48) as the PDF prints it: the unit's period and its products' rows (plain data). */
export interface StockRegisterData {
  from: string;
  to: string;
  columns: string[];
  rows: StockRegisterPrintRow[];
}

const TITLE = 'Stock Register (CGST Rule 56(2))';

/**
 * The unit's stock account for a period on A4: the letterhead, then per product its opening balance,
 * receipts, supplies, the goods lost, stolen, destroyed, written off or given as gifts, found, and the closing
 * balance (the table header repeats on every page).
 */
export function stockRegisterDocument(seller: SellerProfile, data: StockRegisterData): DocumentDefinition {
  const period = `${formatDate(data.from)} to ${formatDate(data.to)}`;
  const body: Content[][] = [
    data.columns.map((title) => ({ text: title, style: 'tableHeader' })),
    ...data.rows.map((row) => [plainText(row.product), plainText(row.per), ...row.figures.map((figure): Content => ({ text: String(figure), alignment: 'right' }))]),
  ];
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: PAGE_MARGINS,
    info: { title: TITLE, author: seller.companyName, subject: period, creator: seller.companyName },
    defaultStyle: DEFAULT_STYLE,
    styles: STYLES,
    header: () => '',
    footer: (page: number, pages: number): Content => ({
      columns: [{ text: `${TITLE}  ·  ${period}`, width: '*' }, { text: `Page ${page} of ${pages}`, alignment: 'right', width: 'auto' }],
      style: 'pageFooter',
      margin: [PAGE_MARGINS[0], 14, PAGE_MARGINS[2], 0],
    }),
    content: [
      { text: TITLE, style: 'title' },
      letterhead({ seller }),
      { text: period, alignment: 'right', style: 'value', margin: [0, 12, 0, 8] },
      { table: { headerRows: 1, widths: ['*', 28, ...data.columns.slice(2).map(() => 34)], body }, layout: BOXED },
    ],
  };
}
