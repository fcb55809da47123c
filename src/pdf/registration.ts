import type { FieldSpec } from '../engine/core';
import { headerValue, type DocumentContext, type PrintOptions } from './context';
import type { Content, ContentNode } from './doc-types';
import { formatDate, plainText } from './format';
import { INNER_GRID } from './styles';

/** The signed QR's side in points: a 1,000-character signed text stays readable printed and scanned. */
const IRN_QR_SIZE = 130;

/**
 * Issue 33: an e-invoice's registration once typed back: the IRN, Ack No. and Ack Date beside the QR code of the
 * IRP's signed text, which any GST verification app reads back. Nothing on a bill without one.
 */
export function irnBlock(options: Pick<PrintOptions, 'irn'>): Content[] {
  const irn = options.irn;
  if (!irn) return [];
  return [
    {
      columns: [
        {
          width: '*',
          stack: [cell('IRN', irn.Irn), cell('Ack No.', irn.AckNo), cell('Ack Date', irn.AckDt)],
        },
        { qr: irn.SignedQRCode, fit: IRN_QR_SIZE, eccLevel: 'L', width: IRN_QR_SIZE },
      ],
      columnGap: 8,
      margin: [0, 4, 0, 4],
    },
  ];
}

/** The e-way bill number as the portal prints it, in groups of four: "3410 1234 5678". */
const grouped = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

function cell(label: string, value: string): ContentNode {
  return { stack: [{ text: label, style: 'label' }, { text: value, style: 'value' }] };
}

function transportCell(context: DocumentContext, field: FieldSpec): ContentNode | undefined {
  const value = plainText(headerValue(context, field));
  if (value === '') return undefined;
  // A chosen option prints as its label ("Over Dimensional Cargo"), not its code.
  const shown = field.options?.find((option) => option.value === value)?.label ?? value;
  return cell(field.title, field.widget === 'date' ? formatDate(value) : shown);
}

/**
 * Issue 33: how the goods travel (the bill's transport fields that are filled in) and, once typed back, the
 * e-way bill's number, date and validity, three to a row below the heading. Nothing on a bill without them.
 */
export function transportBlock(context: DocumentContext, options: Pick<PrintOptions, 'ewayBill'>): Content[] {
  const cells: ContentNode[] = [];
  const ewb = options.ewayBill;
  if (ewb) cells.push(cell('E-Way Bill No.', grouped(ewb.ewbNo)), cell('E-Way Bill Date', ewb.ewbDate), cell('Valid Upto', ewb.validUpto));
  for (const field of context.billType.header.filter((spec) => spec.block === 'transport')) {
    const filled = transportCell(context, field);
    if (filled) cells.push(filled);
  }
  if (cells.length === 0) return [];
  const body: Content[][] = [];
  for (let index = 0; index < cells.length; index += 3) {
    const row: Content[] = cells.slice(index, index + 3);
    while (row.length < 3) row.push('');
    body.push(row);
  }
  return [{ table: { widths: ['33.33%', '33.33%', '33.34%'], body }, layout: INNER_GRID, margin: [0, 4, 0, 0] }];
}
