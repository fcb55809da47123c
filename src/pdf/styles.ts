import type { ContentNode, TableLayout, TableNode } from './doc-types';

export const FONT = 'Roboto';
export const RUPEE = '\u20B9';
const LINE = '#555555';
export const HEADING_FILL = '#eeeeee';
export const GROUP_FILL = '#f6f6f6';

/** A4 is 595.28 points wide; the margins leave room for the page header and footer ("Page x of y"). */
export const PAGE_MARGINS: [number, number, number, number] = [30, 34, 30, 40];
export const CONTENT_WIDTH = 595.28 - PAGE_MARGINS[0] - PAGE_MARGINS[2];
/** Left and right padding of every table cell. */
export const CELL_PADDING = 4;

export const DEFAULT_STYLE: ContentNode & { font: string } = { font: FONT, fontSize: 8.5 };

export const STYLES: Record<string, ContentNode> = {
  title: { fontSize: 13, bold: true, alignment: 'center', margin: [0, 0, 0, 6] },
  companyName: { fontSize: 15, bold: true, alignment: 'center' },
  letterheadLine: { fontSize: 8, alignment: 'center' },
  label: { fontSize: 7, color: '#444444' },
  value: { fontSize: 8.5, bold: true },
  partyName: { fontSize: 10, bold: true },
  tableHeader: { fontSize: 7.5, bold: true, alignment: 'center', fillColor: HEADING_FILL },
  groupHeading: { bold: true, fillColor: GROUP_FILL },
  grandTotal: { fontSize: 10, bold: true },
  words: { fontSize: 9, bold: true },
  small: { fontSize: 7.5 },
  pageFooter: { fontSize: 7, color: '#444444' },
};

const cellCount = (node: TableNode) => node.table.body[0]?.length ?? 0;

/** Every cell boxed with a thin line: the reference grid, the HSN summary, the closing box. */
export const BOXED: TableLayout = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => LINE,
  vLineColor: () => LINE,
  paddingLeft: () => CELL_PADDING,
  paddingRight: () => CELL_PADDING,
  paddingTop: () => 2,
  paddingBottom: () => 2,
};

/** The inner grid of a boxed cell: lines between cells only, the outer box draws the edges. */
export const INNER_GRID: TableLayout = {
  ...BOXED,
  hLineWidth: (row, node) => (row === 0 || row === node.table.body.length ? 0 : 0.5),
  vLineWidth: (column, node) => (column === 0 || column === cellCount(node) ? 0 : 0.5),
};

/**
 * The line table is open: a shaded header between two rules, a rule at the end, nothing between
 * lines or columns; alignment tells the columns apart. A boxed table would be left open at the foot
 * of each page (a page break falls between lines, where there is no rule), and ruling every line
 * and column is most of what a 1,000-line bill costs to draw.
 */
export function linesLayout(headerRows: number): TableLayout {
  return {
    ...BOXED,
    hLineWidth: (row, node) => (row === 0 || row === headerRows || row === node.table.body.length ? 0.5 : 0),
    vLineWidth: () => 0,
    paddingTop: () => 2.5,
    paddingBottom: () => 2.5,
  };
}

/** Label and amount rows of the totals: rules only above the grand total. */
export const TOTALS: TableLayout = {
  ...BOXED,
  hLineWidth: (row, node) => (row === node.table.body.length - 1 ? 0.5 : 0),
  vLineWidth: () => 0,
  paddingTop: () => 1.5,
  paddingBottom: () => 1.5,
};

export const NO_LINES: TableLayout = {
  hLineWidth: () => 0,
  vLineWidth: () => 0,
  paddingLeft: () => 0,
  paddingRight: () => 0,
  paddingTop: () => 0,
  paddingBottom: () => 0,
};
