import type { SellerProfile } from '../engine/core';
import type { ContentNode, Margins } from './doc-types';
import { PAGE_MARGINS } from './styles';

/** 80 mm in points (72 to the inch): a thermal roll's paper width. */
export const ROLL_WIDTH = 226.77;
const A4_WIDTH = 595.28;
const A5_WIDTH = 419.53;

/**
 * The page a unit's bills print on (its business profile's "PDF page"), and how the sections fit it: A4 as always;
 * A5 the same sections with their fixed widths and type scaled down; an 80 mm thermal roll one column, as long as
 * the bill.
 */
export interface PageLayout {
  pageSize: 'A4' | 'A5' | { width: number; height: 'auto' };
  margins: Margins;
  contentWidth: number;
  /** The sections' fixed widths are A4's times this. */
  widthScale: number;
  /** Every font size is A4's times this. */
  fontScale: number;
  /** One column: what sits side by side on a sheet is stacked on a roll, and the roll is one page. */
  oneColumn: boolean;
}

const layout = (pageSize: PageLayout['pageSize'], width: number, margins: Margins, widthScale: number, fontScale: number): PageLayout => ({
  pageSize,
  margins,
  contentWidth: width - margins[0] - margins[2],
  widthScale,
  fontScale,
  oneColumn: typeof pageSize === 'object',
});

const LAYOUTS: Readonly<Record<string, PageLayout>> = {
  '': layout('A4', A4_WIDTH, PAGE_MARGINS, 1, 1),
  a5: layout('A5', A5_WIDTH, [20, 28, 20, 34], 0.7, 0.85),
  // pdfmake sizes an 'auto' height to the content: the roll is cut where the bill ends.
  roll80: layout({ width: ROLL_WIDTH, height: 'auto' }, ROLL_WIDTH, [8, 10, 8, 12], 0.6, 0.85),
};

/** The layout of a seller's chosen page; A4 for a profile saved before the choice existed. */
export function pageLayout(seller: Pick<SellerProfile, 'pdfPage'>): PageLayout {
  return LAYOUTS[seller.pdfPage ?? ''] ?? LAYOUTS[''];
}

/** A style with its font size scaled to the layout (two places, as pdfmake measures them). */
export function scaledStyle<T extends ContentNode>(style: T, layout: PageLayout): T {
  if (style.fontSize === undefined || layout.fontScale === 1) return style;
  return { ...style, fontSize: Math.round(style.fontSize * layout.fontScale * 100) / 100 };
}

export function scaledStyles(styles: Record<string, ContentNode>, layout: PageLayout): Record<string, ContentNode> {
  return Object.fromEntries(Object.entries(styles).map(([name, style]) => [name, scaledStyle(style, layout)]));
}

/** A fixed width of A4's sections on this layout's page. */
export function scaledWidth(width: number, layout: PageLayout): number {
  return Math.round(width * layout.widthScale * 100) / 100;
}
