import type { BillType, FieldSpec, ObjectSpec, Row } from '../engine/core';
import { withSerials } from './line-serials-text';
import type { DocumentContext } from './context';
import type { Content, ContentNode } from './doc-types';
import { cellFormat, plainText, type CellFormat } from './format';
import { scaledWidth, type PageLayout } from './page-layout';
import { rollLineTable } from './roll-line-table';
import { CELL_PADDING, linesLayout } from './styles';

type Width = number | '*';

/**
 * The printed columns of the line table. Goods rows print their own fields. Rows that hold a
 * nested list (a service bill's products) print as heading rows, so the columns are the row
 * number followed by the nested rows' fields (the services).
 */
export interface LineShape {
  rows: ObjectSpec;
  nested?: FieldSpec;
  columns: FieldSpec[];
  formats: CellFormat[];
}

export function lineShape(billType: BillType, lines: Row[]): LineShape {
  const rows = billType.rowsField.rows!;
  const nested = rows.fields.find((field) => field.rows);
  const columns = nested
    ? [
        ...rows.fields.filter((field) => field.rowNumber),
        ...nested.rows!.fields.filter((field) => !field.rows && !field.rowNumber),
      ]
    : rows.fields.filter((field) => !field.discount || lines.some((line) => plainText(line[field.name]) !== ''));
  return { rows, nested, columns, formats: columns.map(cellFormat) };
}

/** Fixed widths by what a column holds on A4, the same on every page of every bill; descriptions share the rest. */
function columnWidth(field: FieldSpec): Width {
  if (field.rowNumber) return 26;
  if (field.money) return 68;
  if (field.taxRate) return 34;
  if (field.discount) return 40;
  if (field.hsn) return 50;
  if (field.widget === 'select') return 30;
  if (field.widget === 'number') return 54;
  return '*';
}

/**
 * Every width as a number: pdfmake widens a '*' column to its longest unbreakable word, which would
 * push the table off the page; a column of fixed width breaks such a word inside it instead. The
 * line table has no column rules, so a column takes its width plus its padding.
 */
function columnWidths(columns: FieldSpec[], layout: PageLayout): number[] {
  const widths = columns.map((field) => {
    const width = columnWidth(field);
    return width === '*' ? width : scaledWidth(width, layout);
  });
  const fixed = widths.reduce((total: number, width) => total + (width === '*' ? 0 : width), 0);
  const shared = widths.filter((width) => width === '*').length;
  const rest = layout.contentWidth - fixed - columns.length * 2 * CELL_PADDING;
  return widths.map((width) => (width === '*' ? Math.floor((rest / shared) * 100) / 100 : width));
}


function lineCells({ columns, formats }: LineShape, row: Row): ContentNode[] {
  return columns.map((field, index) => ({
    text: withSerials(formats[index].text(row[field.name]), field, row),
    alignment: formats[index].alignment,
  }));
}

/** A product of a service bill: its number, then its other fields (the product name) across the row. */
function headingRow(shape: LineShape, row: Row): Content[] {
  const [first, ...rest] = shape.columns;
  const title = shape.rows.fields
    .filter((field) => !field.rows && !field.rowNumber)
    .map((field) => plainText(row[field.name]))
    .filter((text) => text !== '')
    .join('  ·  ');
  const heading: ContentNode = { text: title, colSpan: rest.length, style: 'groupHeading' };
  const number: ContentNode = {
    text: first.rowNumber ? plainText(row[first.name]) : '',
    alignment: 'center',
    style: 'groupHeading',
  };
  return [number, heading, ...rest.slice(1).map(() => '')];
}

export function bodyRows(shape: LineShape, rows: Row[]): Content[][] {
  const { nested } = shape;
  if (!nested) return rows.map((row) => lineCells(shape, row));
  return rows.flatMap((row) => {
    const children = Array.isArray(row[nested.name]) ? (row[nested.name] as Row[]) : [];
    return [headingRow(shape, row), ...children.map((child) => lineCells(shape, child))];
  });
}

/** Every line of the bill; on long bills it flows over pages with its header row repeated. */
export function lineTable(context: DocumentContext): Content {
  const { billType, bill } = context;
  const rows = Array.isArray(bill[billType.rowsField.name]) ? (bill[billType.rowsField.name] as Row[]) : [];
  // The discount column only on a bill with a discounted line, so other bills print as they always have.
  const shape = lineShape(billType, rows);
  if (context.layout.oneColumn) return rollLineTable(shape, rows);
  // Without column rules, each title sits over its column's values: numbers right, text left.
  const header = shape.columns.map((field, index): ContentNode => ({
    text: field.pdfTitle,
    style: 'tableHeader',
    alignment: shape.formats[index].alignment,
  }));
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: columnWidths(shape.columns, context.layout),
      body: [header, ...bodyRows(shape, rows)],
    },
    layout: linesLayout(1),
    margin: [0, 6, 0, 0],
  };
}
