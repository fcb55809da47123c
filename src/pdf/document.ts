import type { BillType, Row } from '../engine/core';
import { closingBlock } from './closing';
import { clientName, documentContext, documentReference, type DocumentContext } from './context';
import type { Content, DocumentDefinition } from './doc-types';
import { documentHeading } from './heading';
import { hsnSummary } from './hsn-summary';
import { lineTable } from './line-table';
import { DEFAULT_STYLE, PAGE_MARGINS, STYLES } from './styles';
import { totalsBlock } from './totals';

const [LEFT, , RIGHT] = PAGE_MARGINS;

/** Every page: which document this is and "Page x of y", so a loose page of a long bill is traceable. */
function pageFooter(context: DocumentContext) {
  const reference = documentReference(context);
  return (currentPage: number, pageCount: number): Content => ({
    columns: [
      { text: reference, width: '*' },
      { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', width: 'auto' },
    ],
    style: 'pageFooter',
    margin: [LEFT, 14, RIGHT, 0],
  });
}

/** Pages after the first name the seller and the document above the repeated table header. */
function pageHeader(context: DocumentContext) {
  const text = `${context.unit.letterhead.companyName}  ·  ${documentReference(context)}  (continued)`;
  return (currentPage: number): Content =>
    currentPage === 1 ? '' : { text, style: 'pageFooter', margin: [LEFT, 16, RIGHT, 0] };
}

/**
 * A stored bill as a pdfmake document definition: a pure function of the bill type (its schema
 * keywords and its unit's letterhead and texts) and the bill, the same for every type.
 */
export function billDocument(billType: BillType, bill: Row): DocumentDefinition {
  const context = documentContext(billType, bill);
  const { pdf } = billType;
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: PAGE_MARGINS,
    info: {
      title: documentReference(context),
      author: context.unit.letterhead.companyName,
      subject: `${pdf.title} for ${clientName(context)}`,
      creator: context.unit.letterhead.companyName,
    },
    defaultStyle: DEFAULT_STYLE,
    styles: STYLES,
    header: pageHeader(context),
    footer: pageFooter(context),
    content: [
      ...documentHeading(context),
      lineTable(context),
      totalsBlock(context),
      ...hsnSummary(context),
      closingBlock(context),
    ],
  };
}
