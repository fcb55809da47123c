import { totalsLines } from '../engine/core';
import { amountInWords } from '../engine/core/words';
import type { DocumentContext } from './context';
import type { Content } from './doc-types';
import { formatMoney } from './format';
import { RUPEE, TOTALS } from './styles';

function totalsTable(context: DocumentContext): Content {
  const { grandTotal } = context.totals;
  // The same lines as the bill screen's totals panel (the core's totalsLines).
  const body: Content[][] = totalsLines(context.totals).map(({ label, amount }) => [label, { text: formatMoney(amount), alignment: 'right' }]);
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
