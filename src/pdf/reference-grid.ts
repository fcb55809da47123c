import type { FieldSpec } from '../engine/core';
import { billNumberText, headerValue, type DocumentContext } from './context';
import type { Content, ContentNode } from './doc-types';
import { formatDate, plainText } from './format';
import { INNER_GRID } from './styles';

const GRID_BLOCKS = new Set(['details', 'dispatch']);

/** A choice prints as the operator saw it ("Maharashtra (27)", "Amounts include tax"), not its stored value. */
function chosenLabel(field: FieldSpec, value: unknown): string {
  const text = plainText(value);
  return field.options?.find((option) => option.value === text.trim())?.label ?? text;
}

function gridCell(context: DocumentContext, field: FieldSpec): ContentNode {
  const number = field.role === 'billNumber';
  const label = number ? context.billType.pdf.numberLabel : field.title;
  const value = headerValue(context, field);
  const text = number ? billNumberText(context) : field.widget === 'date' ? formatDate(value) : chosenLabel(field, value);
  // A non-breaking space keeps the value line's height in a cell the operator left empty.
  return {
    stack: [
      { text: label, style: 'label' },
      { text: text === '' ? '\u00a0' : text, style: 'value' },
    ],
  };
}

/**
 * The bill number, its date and, on tax bills, the delivery and dispatch references, two to a row
 * in header order, as in Tally's reference grid. An odd last cell spans the row.
 */
export function referenceGrid(context: DocumentContext): Content {
  const fields = context.billType.header.filter((field) => GRID_BLOCKS.has(field.block ?? ''));
  const body: Content[][] = [];
  for (let index = 0; index < fields.length; index += 2) {
    const left = gridCell(context, fields[index]);
    const right = fields[index + 1];
    body.push(right ? [left, gridCell(context, right)] : [{ ...left, colSpan: 2 }, '']);
  }
  // Fixed halves: an unbroken reference number is broken inside its cell, never widens the grid.
  return { table: { widths: ['50%', '50%'], body }, layout: INNER_GRID };
}
