import { buyerBlock } from './buyer';
import { formatDate } from './format';
import type { DocumentContext } from './context';
import type { Content, TableLayout } from './doc-types';
import { letterhead } from './letterhead';
import { referenceGrid } from './reference-grid';
import { BOXED } from './styles';

const GRID_COLUMN = 1;
const PARTIES_ROW = 1;

/** The reference grid draws its own inner lines edge to edge, so its cell has no padding. */
const HEADING_BOX: TableLayout = {
  ...BOXED,
  paddingLeft: (column) => (column === GRID_COLUMN ? 0 : 4),
  paddingRight: (column) => (column === GRID_COLUMN ? 0 : 4),
  paddingTop: (row) => (row === PARTIES_ROW ? 0 : 2),
  paddingBottom: (row) => (row === PARTIES_ROW ? 0 : 2),
};

/** On a roll the reference grid is the box's last row, its own lines drawn edge to edge. */
const ROLL_GRID_ROW = 2;
const ROLL_HEADING_BOX: TableLayout = {
  ...BOXED,
  paddingLeft: () => 0,
  paddingRight: () => 0,
  paddingTop: (row) => (row === ROLL_GRID_ROW ? 0 : 2),
  paddingBottom: (row) => (row === ROLL_GRID_ROW ? 0 : 2),
};

/**
 * A note's line under its title (CGST Rule 53(1A)(g)): "Against Tax Invoice No. 5 dated 21-11-2026"; a refund's
 * names its receipt voucher (Rule 51).
 */
function againstLine(context: DocumentContext): Content[] {
  const label = context.billType.note?.againstLabel ?? context.billType.refund?.againstLabel;
  const against = context.against;
  if (!label || !against) return [];
  const filled = { document: against.document, number: against.number, date: formatDate(against.date) };
  const text = label.replace(/\{(document|number|date)\}/g, (_, key: keyof typeof filled) => filled[key]);
  return [{ text, bold: true, alignment: 'center', margin: [0, 0, 0, 4] }];
}

/** The box under the title: the letterhead over the buyer beside the reference grid; on a roll, one over the other. */
function headingBox(context: DocumentContext): Content {
  if (context.layout.oneColumn) {
    return {
      table: { widths: ['100%'], body: [[letterhead(context)], [buyerBlock(context)], [referenceGrid(context)]] },
      layout: ROLL_HEADING_BOX,
    };
  }
  return {
    table: {
      // Halves that stay halves ('*' would widen for a long unbreakable word and push the box off the page).
      widths: ['50%', '50%'],
      body: [
        [{ stack: [letterhead(context)], colSpan: 2 }, ''],
        [buyerBlock(context), referenceGrid(context)],
      ],
    },
    layout: HEADING_BOX,
  };
}

/** The document title, then one box: the seller's letterhead over the buyer and the reference grid. */
export function documentHeading(context: DocumentContext): Content[] {
  return [{ text: context.billType.pdf.title, style: 'title' }, ...againstLine(context), headingBox(context)];
}
