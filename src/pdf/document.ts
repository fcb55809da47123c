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
import { scaledStyle, scaledStyles } from './page-layout';
import { DEFAULT_STYLE, STYLES } from './styles';
import { totalsBlock } from './totals';

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
  const [left, , right] = context.layout.margins;
  return (currentPage: number, pageCount: number): Content => {
    const { page, pages } = pageOfCopy(currentPage, pageCount, copies);
    return {
      columns: [
        { text: reference, width: '*' },
        { text: `Page ${page} of ${pages}`, alignment: 'right', width: 'auto' },
      ],
      style: 'pageFooter',
      margin: [left, 14, right, 0],
    };
  };
}

/**
 * Pages after a copy's first name the seller and the document above the repeated table header; every page
 * of a marked copy carries its mark (x-bill.pdf.copyLabels: "ORIGINAL FOR RECIPIENT" ...) on the right.
 */
function pageHeader(context: DocumentContext, copies: number, labels: string[]) {
  const text = `${context.seller.companyName}  ·  ${documentReference(context)}  (continued)`;
  const [left, , right] = context.layout.margins;
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
      margin: [left, 16, right, 0],
    };
  };
}

/** One copy of the bill; pdfmake lays nodes out in place, so each copy is built afresh. */
function copyContent(context: DocumentContext, copy: number, options: PrintOptions): Content[] {
  const [title, ...heading] = documentHeading(context);
  // A roll has no page header: its copy's mark ("ORIGINAL FOR RECIPIENT") heads the copy instead.
  const label = context.layout.oneColumn ? context.billType.pdf.copyLabels[copy] : undefined;
  const opening: Content = label ? { stack: [{ text: label, bold: true, alignment: 'right', style: 'pageFooter', margin: [0, 0, 0, 4] }, title] } : title;
  return [
    copy === 0 ? opening : { ...(opening as object), pageBreak: 'before' },
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
function stampOf(text: string, context: DocumentContext): NonNullable<DocumentDefinition['watermark']> {
  return { text, fontSize: Math.round(72 * context.layout.widthScale), opacity: 0.25, bold: true, angle: 0 };
}

/**
 * Sheets carry a running header and "Page x of y" in their margins; a roll is one page as long as the bill, with
 * the copy marks (if any) and the document's reference printed in its flow instead.
 */
function pageFurniture(context: DocumentContext, copies: number): Pick<DocumentDefinition, 'header' | 'footer'> {
  if (context.layout.oneColumn) return { footer: () => '' };
  return { header: pageHeader(context, copies, context.billType.pdf.copyLabels), footer: pageFooter(context, copies) };
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
  const { layout } = context;
  return {
    // A copy: pdfmake writes the height it measured into an 'auto' page size, which would fix the next roll's length.
    pageSize: typeof layout.pageSize === 'object' ? { ...layout.pageSize } : layout.pageSize,
    pageOrientation: 'portrait',
    pageMargins: layout.margins,
    info: {
      title: documentReference(context),
      author: context.seller.companyName,
      subject: `${pdf.title} for ${clientName(context)}`,
      creator: context.seller.companyName,
    },
    defaultStyle: scaledStyle(DEFAULT_STYLE, layout),
    styles: scaledStyles(STYLES, layout),
    ...pageFurniture(context, copies),
    content: Array.from({ length: copies }, (_, copy) => copyContent(context, copy, options)).flat(),
    ...(options.stamp && { watermark: stampOf(options.stamp, context) }),
    ...(images && { images }),
  };
}
