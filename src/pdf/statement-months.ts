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
  const months: StatementPrintLine[] = [];
  let month = '';
  let count = 0;
  for (const line of lines) {
    const key = line.date.slice(0, 7);
    if (key !== month) {
      month = key;
      count = 0;
      months.push({ date: line.date, particulars: '', number: '', debit: 0, credit: 0, balance: 0 });
    }
    const summary = months[months.length - 1];
    count += 1;
    summary.date = line.date;
    summary.particulars = texts.month.replace('{month}', monthName(line.date)).replace('{count}', formatIndian(count, 0));
    summary.debit += line.debit;
    summary.credit += line.credit;
    summary.balance = line.balance;
  }
  return months;
}
