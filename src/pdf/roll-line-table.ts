import type { FieldSpec, Row } from '../engine/core';
import type { Content, ContentNode } from './doc-types';
import { plainText } from './format';
import type { LineShape } from './line-table';
import { withSerials } from './line-serials-text';
import { linesLayout } from './styles';

/** The width of the amount on an 80 mm roll: up to 1,00,00,000.00 in the roll's type. */
const AMOUNT_WIDTH = 58;

/** A line's own words (its description, a product's name): what it prints across the roll. */
const isWording = (field: FieldSpec) =>
  !field.rowNumber && !field.money && !field.hsn && !field.discount && (field.widget === 'text' || field.widget === 'textarea');

/**
 * One line on the roll: its number and description across, then beneath them its other columns ("HSN/SAC 8413 ·
 * GST Rate 18% · Quantity 2 · Rate 1,000.00 · per Nos · Disc. 10%", each under its printed title) beside its amount.
 */
function rollLine(shape: LineShape, row: Row): Content[][] {
  const cell = (field: FieldSpec) => shape.formats[shape.columns.indexOf(field)].text(row[field.name]);
  const number = shape.columns.find((field) => field.rowNumber);
  // The goods' words carry the pieces' serial numbers beneath them, as on the page layouts (issue 48).
  const words = shape.columns
    .filter(isWording)
    .map((field) => withSerials(cell(field), field, row))
    .filter((text) => text !== '');
  const money = shape.columns.find((field) => field.money);
  const details = shape.columns
    .filter((field) => field !== number && field !== money && !isWording(field))
    .map((field) => [field.pdfTitle, cell(field)])
    .filter(([, text]) => text !== '')
    .map(([title, text]) => `${title} ${text}`)
    .join('  ·  ');
  const numbered = [number && plainText(row[number.name]), ...words].filter(Boolean).join('. ');
  return [
    [{ text: numbered, colSpan: 2 }, ''],
    [{ text: details, style: 'small' }, { text: money ? cell(money) : '', alignment: 'right', bold: true }],
  ];
}

/** A product of a service bill on the roll: its number and name, its services beneath. */
function rollProduct(shape: LineShape, row: Row): Content[][] {
  const name = shape.rows.fields.filter((field) => !field.rows && !field.rowNumber).map((field) => plainText(row[field.name])).filter(Boolean);
  const number = shape.rows.fields.find((field) => field.rowNumber);
  const heading: ContentNode = { text: [number && plainText(row[number.name]), ...name].filter(Boolean).join('. '), colSpan: 2, style: 'groupHeading' };
  const services = Array.isArray(row[shape.nested!.name]) ? (row[shape.nested!.name] as Row[]) : [];
  return [[heading, ''], ...services.flatMap((service) => rollLine(shape, service))];
}

/**
 * The line table of an 80 mm roll: too narrow for a column per field, so each line takes two rows, its words across
 * and its figures beneath, the amount on the right; the header names the two.
 */
export function rollLineTable(shape: LineShape, rows: Row[]): Content {
  const money = shape.columns.find((field) => field.money);
  const words = shape.columns.find(isWording);
  const header: ContentNode[] = [
    { text: words?.pdfTitle ?? '', style: 'tableHeader', alignment: 'left' },
    { text: money?.pdfTitle ?? '', style: 'tableHeader', alignment: 'right' },
  ];
  const body = rows.flatMap((row) => (shape.nested ? rollProduct(shape, row) : rollLine(shape, row)));
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: ['*', AMOUNT_WIDTH], body: [header, ...body] },
    layout: linesLayout(1),
    margin: [0, 6, 0, 0],
  };
}
