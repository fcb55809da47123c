import type { Money, TaxRow } from '../engine/core';
import { amountInWords } from '../engine/core/words';
import type { DocumentContext } from './context';
import type { Content } from './doc-types';
import { formatMoney, formatPercent } from './format';
import { RUPEE, TOTALS } from './styles';

type AmountLine = [label: string, amount: Money];

/** Tax lines of the totals, one per rate: "CGST @ 9%" and "SGST @ 9%", or "IGST @ 18%". */
function taxLines(context: DocumentContext): AmountLine[] {
  const tax = context.totals.tax;
  if (!tax) return [];
  const byRate = new Map<string, TaxRow[]>();
  for (const row of tax.rows) byRate.set(row.rate.toFixed(), [...(byRate.get(row.rate.toFixed()) ?? []), row]);
  return [...byRate.values()].flatMap((rows): AmountLine[] => {
    const total = (pick: (row: TaxRow) => Money) => rows.map(pick).reduce((sum, value) => sum.plus(value));
    const { rate } = rows[0];
    if (!tax.intraState) return [[`IGST @ ${formatPercent(rate)}`, total((row) => row.integrated)]];
    const half = formatPercent(rate.div(2));
    return [
      [`CGST @ ${half}`, total((row) => row.central)],
      [`SGST @ ${half}`, total((row) => row.state)],
    ];
  });
}

function totalsTable(context: DocumentContext): Content {
  const { subTotal, roundOff, grandTotal } = context.totals;
  const lines: AmountLine[] = [['Sub Total', subTotal], ...taxLines(context), ['Round Off', roundOff]];
  const body: Content[][] = lines.map(([label, amount]) => [label, { text: formatMoney(amount), alignment: 'right' }]);
  body.push([
    { text: 'Grand Total', style: 'grandTotal' },
    { text: `${RUPEE} ${formatMoney(grandTotal)}`, style: 'grandTotal', alignment: 'right' },
  ]);
  return { table: { widths: ['*', 90], body }, layout: TOTALS };
}

/**
 * The totals beside the amount in words, kept on one page: sub-total, GST, round-off to the rupee
 * and the grand total with the rupee sign; "E. & O.E" under them as on every Indian invoice.
 */
export function totalsBlock(context: DocumentContext): Content {
  return {
    columns: [
      {
        width: '*',
        stack: [
          { text: 'Amount Chargeable (in words)', style: 'label' },
          { text: amountInWords(context.totals.grandTotal), style: 'words' },
        ],
        margin: [0, 4, 12, 0],
      },
      {
        width: 230,
        stack: [totalsTable(context), { text: 'E. & O.E', style: 'small', alignment: 'right', margin: [0, 2, 4, 0] }],
      },
    ],
    unbreakable: true,
    margin: [0, 4, 0, 0],
  };
}
