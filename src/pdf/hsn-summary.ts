import { UQC_NOT_APPLICABLE, type Money, type TaxAmounts, type TaxRow, type TaxSummary } from '../engine/core';
import { amountInWords } from '../engine/core/words';
import type { DocumentContext } from './context';
import type { Content, ContentNode } from './doc-types';
import { formatMoney, formatPercent } from './format';
import { leafFieldTitle } from './leaf-fields';
import { scaledWidth, type PageLayout } from './page-layout';
import { BOXED, TOTALS } from './styles';

interface TaxColumn {
  title: string;
  rate: (row: TaxRow) => Money;
  amount: (row: TaxAmounts) => Money;
}

/** Central and State Tax at half the rate each within the seller's state, Integrated Tax across states. */
function taxColumns(tax: TaxSummary): TaxColumn[] {
  if (!tax.intraState) return [{ title: 'Integrated Tax', rate: (row) => row.rate, amount: (row) => row.integrated }];
  return [
    { title: 'Central Tax', rate: (row) => row.rate.div(2), amount: (row) => row.central },
    { title: 'State Tax', rate: (row) => row.rate.div(2), amount: (row) => row.state },
  ];
}

const header = (text: string, span: Partial<ContentNode> = {}): ContentNode => ({
  text,
  style: 'tableHeader',
  ...span,
});
const amount = (value: Money, bold = false): ContentNode => ({ text: formatMoney(value), alignment: 'right', bold });

/**
 * The HSN; rows are one per HSN, rate and UQC (units never mixed under one quantity), so where one HSN and rate
 * has goods in several units, each row also names its quantity and unit code.
 */
function hsnCell(row: TaxRow, rows: TaxRow[]): Content {
  const split = rows.some((other) => other !== row && other.hsn === row.hsn && other.rate.eq(row.rate));
  if (!split || row.uqc === UQC_NOT_APPLICABLE) return row.hsn;
  return `${row.hsn} (${row.qty.round(2).toFixed()} ${row.uqc})`;
}

/**
 * On a roll, one column: each HSN/SAC and its taxable value, then each tax head's rate and amount beneath it, then the
 * totals; the same figures as a sheet's table.
 */
function rollSummary(hsnTitle: string, tax: TaxSummary): Content {
  const columns = taxColumns(tax);
  const heads = (row: TaxRow | TaxAmounts, rate?: (column: TaxColumn) => string): Content[][] =>
    columns.map((column) => [{ text: `   ${column.title}${rate ? ` @ ${rate(column)}` : ''}` }, amount(column.amount(row))]);
  const body: Content[][] = [
    [header(`${hsnTitle}  ·  Taxable Value`, { alignment: 'left' }), header('Amount', { alignment: 'right' })],
    ...tax.rows.flatMap((row) => [
      [{ text: hsnCell(row, tax.rows), bold: true } as ContentNode, amount(row.taxable)],
      ...heads(row, (column) => formatPercent(column.rate(row))),
    ]),
    [{ text: 'Total Taxable Value', bold: true }, amount(tax.total.taxable, true)],
    ...heads(tax.total),
    [{ text: 'Total Tax Amount', bold: true }, amount(tax.total.totalTax, true)],
  ];
  return { table: { headerRows: 1, dontBreakRows: true, widths: ['*', 58], body }, layout: TOTALS };
}

function summaryTable(hsnTitle: string, tax: TaxSummary, layout: PageLayout): Content {
  if (layout.oneColumn) return rollSummary(hsnTitle, tax);
  const columns = taxColumns(tax);
  const width = (points: number) => scaledWidth(points, layout);
  const headerRows: Content[][] = [
    [
      header(hsnTitle, { rowSpan: 2 }),
      header('Taxable Value', { rowSpan: 2 }),
      ...columns.flatMap((column) => [header(column.title, { colSpan: 2 }), '']),
      header('Total Tax Amount', { rowSpan: 2 }),
    ],
    ['', '', ...columns.flatMap(() => [header('Rate'), header('Amount')]), ''],
  ];
  const rows = tax.rows.map((row): Content[] => [
    hsnCell(row, tax.rows),
    amount(row.taxable),
    ...columns.flatMap((column) => [
      { text: formatPercent(column.rate(row)), alignment: 'right' } as ContentNode,
      amount(column.amount(row)),
    ]),
    amount(row.totalTax),
  ]);
  const totalRow: Content[] = [
    { text: 'Total', bold: true, alignment: 'right' },
    amount(tax.total.taxable, true),
    ...columns.flatMap((column) => ['', amount(column.amount(tax.total), true)]),
    amount(tax.total.totalTax, true),
  ];
  return {
    table: {
      headerRows: 2,
      dontBreakRows: true,
      widths: ['*', width(70), ...columns.flatMap(() => [width(38), width(62)]), width(70)],
      body: [...headerRows, ...rows, totalRow],
    },
    layout: BOXED,
  };
}

/** Tax bills: tax per HSN/SAC and rate, with a total row, and the tax amount in words. */
export function hsnSummary(context: DocumentContext): Content[] {
  const tax = context.totals.tax;
  if (!tax) return [];
  return [
    { stack: [summaryTable(leafFieldTitle(context.billType, 'hsn') ?? 'HSN/SAC', tax, context.layout)], margin: [0, 8, 0, 0] },
    {
      text: [
        { text: 'Tax Amount (in words): ', style: 'label' },
        { text: amountInWords(tax.total.totalTax), bold: true },
      ],
      margin: [0, 3, 0, 0],
    },
  ];
}
