import type { BillType, Row } from '../engine/core';
import { closingBlock } from './closing';
import { clientName, documentContext, documentReference, type DocumentContext, type PrintOptions } from './context';
import type { Content, DocumentDefinition } from './doc-types';
import { documentHeading } from './heading';
import { hsnSummary } from './hsn-summary';
import { sellerImages } from './letterhead';
import { lineTable } from './line-table';
import { paymentBlock } from './payment';
import { irnBlock, transportBlock } from './registration';
import { DEFAULT_STYLE, PAGE_MARGINS, STYLES } from './styles';
import { totalsBlock } from './totals';

const [LEFT, , RIGHT] = PAGE_MARGINS;
export const MAX_COPIES = 3;

/**
 * Where a page sits among the copies. Every copy is the same content from a new page, so each has the same
 * number of pages: page p of n in all is page ((p - 1) mod n/copies) + 1 of copy ⌊(p - 1) / (n/copies)⌋.
 */
function pageOfCopy(currentPage: number, pageCount: number, copies: number) {
  const perCopy = Math.max(1, Math.round(pageCount / copies));
  return { copy: Math.floor((currentPage - 1) / perCopy), page: ((currentPage - 1) % perCopy) + 1, pages: perCopy };
}

/** Every page: which document this is and "Page x of y" of its copy, so a loose page of a long bill is traceable. */
function pageFooter(context: DocumentContext, copies: number) {
  const reference = documentReference(context);
  return (currentPage: number, pageCount: number): Content => {
    const { page, pages } = pageOfCopy(currentPage, pageCount, copies);
    return {
      columns: [
        { text: reference, width: '*' },
        { text: `Page ${page} of ${pages}`, alignment: 'right', width: 'auto' },
      ],
      style: 'pageFooter',
      margin: [LEFT, 14, RIGHT, 0],
    };
  };
}

/**
 * Pages after a copy's first name the seller and the document above the repeated table header; every page
 * of a marked copy carries its mark (x-bill.pdf.copyLabels: "ORIGINAL FOR RECIPIENT" ...) on the right.
 */
function pageHeader(context: DocumentContext, copies: number, labels: string[]) {
  const text = `${context.seller.companyName}  ·  ${documentReference(context)}  (continued)`;
  return (currentPage: number, pageCount: number): Content => {
    const { copy, page } = pageOfCopy(currentPage, pageCount, copies);
    const label = labels[copy] ?? '';
    if (page === 1 && label === '') return '';
    return {
      columns: [
        { text: page === 1 ? '' : text, width: '*' },
        { text: label, bold: true, alignment: 'right', width: 'auto' },
      ],
      style: 'pageFooter',
      margin: [LEFT, 16, RIGHT, 0],
    };
  };
}

/** One copy of the bill; pdfmake lays nodes out in place, so each copy is built afresh. */
function copyContent(context: DocumentContext, first: boolean, options: PrintOptions): Content[] {
  const [title, ...heading] = documentHeading(context);
  return [
    first ? title : { ...(title as object), pageBreak: 'before' },
    ...irnBlock(options),
    ...heading,
    ...transportBlock(context, options),
    lineTable(context),
    // A document without prices (a delivery challan) has no totals, no amount in words and nothing to pay.
    ...(context.billType.priced ? [totalsBlock(context), ...hsnSummary(context), ...paymentBlock(context, options.balanceDue)] : []),
    closingBlock(context),
  ];
}

/**
 * The stamp across every page (a cancelled bill's CANCELLED). pdfmake's automatic size fits the page's edges, and a
 * printer's unprintable border or a viewer's crop then clips the word's ends; a set size keeps it whole, inside the
 * margins on an A4 page.
 */
function stampOf(text: string): NonNullable<DocumentDefinition['watermark']> {
  return { text, fontSize: 72, opacity: 0.25, bold: true, angle: 0 };
}

/** 1 to 3, whatever the caller asked for. */
function copyCount(copies: number | undefined): number {
  return Number.isInteger(copies) ? Math.min(MAX_COPIES, Math.max(1, copies!)) : 1;
}

/**
 * A stored bill as a pdfmake document definition: a pure function of the bill type (its schema keywords and
 * its unit's texts), the bill and what the server adds (the seller's saved profile, the number of copies),
 * the same for every type. Plain data in, so it can be built in a worker.
 */
export function billDocument(billType: BillType, bill: Row, options: PrintOptions = {}): DocumentDefinition {
  const context = documentContext(billType, bill, options.profile, options.against);
  const copies = copyCount(options.copies);
  const { pdf } = billType;
  const images = sellerImages(context);
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: PAGE_MARGINS,
    info: {
      title: documentReference(context),
      author: context.seller.companyName,
      subject: `${pdf.title} for ${clientName(context)}`,
      creator: context.seller.companyName,
    },
    defaultStyle: DEFAULT_STYLE,
    styles: STYLES,
    header: pageHeader(context, copies, billType.pdf.copyLabels),
    footer: pageFooter(context, copies),
    content: Array.from({ length: copies }, (_, copy) => copyContent(context, copy === 0, options)).flat(),
    ...(options.stamp && { watermark: stampOf(options.stamp) }),
    ...(images && { images }),
  };
}
