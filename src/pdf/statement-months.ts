import { formatIndian, type StatementTexts } from '../engine/core';
import type { StatementPrintLine } from './statement';

const MONTH_NAME = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-04-17" -> "April 2026". */
function monthName(isoDate: string): string {
  return MONTH_NAME.format(new Date(`${isoDate.slice(0, 7)}-01T00:00:00Z`));
}

/**
 * A long statement a month to a line (issue 51): dated its last entry, its debits and credits added up, and the
 * balance its last entry left, so every figure is one of the statement's own or their sum. The lines come in date
 * order, as the statement lists them.
 */
export function linesByMonth(texts: StatementTexts, lines: readonly StatementPrintLine[]): StatementPrintLine[] {
  const months: { line: StatementPrintLine; count: number }[] = [];
  for (const line of lines) {
    let month = months[months.length - 1];
    if (month?.line.date.slice(0, 7) !== line.date.slice(0, 7)) {
      month = { line: { date: line.date, particulars: '', number: '', debit: 0, credit: 0, balance: 0 }, count: 0 };
      months.push(month);
    }
    month.count += 1;
    month.line.date = line.date;
    month.line.debit += line.debit;
    month.line.credit += line.credit;
    month.line.balance = line.balance;
  }
  // Named once a month is complete, not at each of its entries.
  return months.map(({ line, count }) => ({ ...line, particulars: texts.month.replace('{month}', monthName(line.date)).replace('{count}', formatIndian(count, 0)) }));
}
