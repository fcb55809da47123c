import { documentWords, totalsLines } from '../engine/core';
import { amountInWords } from '../engine/core/words';
import type { DocumentContext } from './context';
import type { Content } from './doc-types';
import { formatMoney } from './format';
import { scaledWidth } from './page-layout';
import { RUPEE, TOTALS } from './styles';

function totalsTable(context: DocumentContext): Content {
  const { grandTotal } = context.totals;
  // The same lines as the bill screen's totals panel (the core's totalsLines).
  const words = documentWords(context.billType);
  const body: Content[][] = totalsLines(context.totals, context.billType.pdf.words).map(({ label, amount }) => [label, { text: formatMoney(amount), alignment: 'right' }]);
  body.push([
    { text: words.grandTotal, style: 'grandTotal' },
    { text: `${RUPEE} ${formatMoney(grandTotal)}`, style: 'grandTotal', alignment: 'right' },
  ]);
  return { table: { widths: ['*', scaledWidth(90, context.layout)], body }, layout: TOTALS };
}

/**
 * The totals beside the amount in words, kept on one page: sub-total, GST, round-off to the rupee
 * and the grand total with the rupee sign; "E. & O.E" under them as on every Indian invoice. Every word is the
 * type's (x-bill.pdf.words), today's by default.
 */
export function totalsBlock(context: DocumentContext): Content {
  const words = documentWords(context.billType);
  const inWords: Content[] = [
    { text: words.amountInWords, style: 'label' },
    { text: amountInWords(context.totals.grandTotal), style: 'words' },
  ];
  const figures: Content[] = [totalsTable(context), { text: words.errorsExcepted, style: 'small', alignment: 'right', margin: [0, 2, 4, 0] }];
  // A roll is one column: the figures, then the amount in words beneath them.
  if (context.layout.oneColumn) return { stack: [...figures, { stack: inWords, margin: [0, 2, 0, 0] }], unbreakable: true, margin: [0, 4, 0, 0] };
  return {
    columns: [
      { width: '*', stack: inWords, margin: [0, 4, 12, 0] },
      { width: scaledWidth(230, context.layout), stack: figures },
    ],
    unbreakable: true,
    margin: [0, 4, 0, 0],
  };
}
