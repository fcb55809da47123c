/**
 * The part of pdfmake's document definition this module writes. pdfmake ships no types, and the
 * DefinitelyTyped package trails its 0.3 API, so the shapes we use are written down here.
 */
export type Margins = [number, number, number, number];
export type Alignment = 'left' | 'right' | 'center';

export interface TableLayout {
  hLineWidth?: (row: number, node: TableNode) => number;
  vLineWidth?: (column: number, node: TableNode) => number;
  hLineColor?: (row: number, node: TableNode) => string;
  vLineColor?: (column: number, node: TableNode) => string;
  paddingLeft?: (column: number, node: TableNode) => number;
  paddingRight?: (column: number, node: TableNode) => number;
  paddingTop?: (row: number, node: TableNode) => number;
  paddingBottom?: (row: number, node: TableNode) => number;
  fillColor?: (row: number, node: TableNode) => string | null;
}

export interface TableNode {
  table: { body: Content[][]; widths?: unknown[] };
}

export interface Table {
  body: Content[][];
  /** Percentages are of the space the table has; '*' columns grow to fit their longest word. */
  widths?: (number | '*' | 'auto' | `${number}%`)[];
  headerRows?: number;
  dontBreakRows?: boolean;
  keepWithHeaderRows?: number;
}

export interface ContentNode {
  text?: string | Content[];
  stack?: Content[];
  columns?: Content[];
  table?: Table;
  layout?: TableLayout | 'noBorders' | 'lightHorizontalLines' | 'headerLineOnly';
  style?: string | string[];
  bold?: boolean;
  italics?: boolean;
  fontSize?: number;
  color?: string;
  alignment?: Alignment;
  margin?: Margins;
  width?: number | '*' | 'auto';
  colSpan?: number;
  rowSpan?: number;
  border?: [boolean, boolean, boolean, boolean];
  fillColor?: string;
  noWrap?: boolean;
  unbreakable?: boolean;
  columnGap?: number;
  /** An entry of the definition's `images` (a PNG or JPEG data URL), drawn to fit this box. */
  image?: string;
  /** An image fits this box; a QR code this size. */
  fit?: [number, number] | number;
  /** A QR code of this text, drawn by pdfmake itself. */
  qr?: string;
  eccLevel?: 'L' | 'M' | 'Q' | 'H';
  pageBreak?: 'before' | 'after';
}

export type Content = string | ContentNode | Content[];

export interface DocumentDefinition {
  pageSize: 'A4' | 'A5' | { width: number; height: 'auto' };
  pageOrientation: 'portrait';
  pageMargins: Margins;
  info: { title: string; author: string; subject: string; creator: string };
  defaultStyle: ContentNode & { font: string };
  styles: Record<string, ContentNode>;
  header?: (currentPage: number, pageCount: number) => Content;
  footer: (currentPage: number, pageCount: number) => Content;
  content: Content[];
  /** Images by name, as data URLs: the seller's logo and signature. */
  images?: Record<string, string>;
  /** Text across every page (pdfmake's watermark). */
  watermark?: { text: string; fontSize: number; opacity: number; bold: boolean; angle: number };
}
