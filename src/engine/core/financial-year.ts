import { financialYearOf, isIsoDay } from './periods';

/**
 * India's financial year runs from 1 April to 31 March. A year is named by the calendar year it starts in
 * (2026 for 1 April 2026 to 31 March 2027: periods.ts financialYearOf); the API writes it "2026-27", a series
 * prints it "26-27".
 */
export type FinancialYear = number;

const twoDigits = (year: number) => String(year % 100).padStart(2, '0');

/** "2026-27", as the API names a year. */
export function financialYearLabel(year: FinancialYear): string {
  return `${year}-${twoDigits(year + 1)}`;
}

/** "26-27", as a number series prints it ({fy}). */
export function financialYearShort(year: FinancialYear): string {
  return `${twoDigits(year)}-${twoDigits(year + 1)}`;
}

const LABEL = /^(\d{4})-(\d{2})$/;

/** The year a label such as "2026-27" names (2000-01 to 2099-00), or undefined when it names none. */
export function parseFinancialYear(label: unknown): FinancialYear | undefined {
  if (typeof label !== 'string') return undefined;
  const match = LABEL.exec(label.trim());
  if (!match) return undefined;
  const start = Number(match[1]);
  return match[2] === twoDigits(start + 1) && start >= 2000 && start <= 2099 ? start : undefined;
}

/** The financial year of a bill date, or undefined for a value that is not a day. */
export function financialYearOfDate(value: unknown): FinancialYear | undefined {
  return isIsoDay(value) ? financialYearOf(value) : undefined;
}

/** Today's date where this code runs (the operator's day, not UTC's), as YYYY-MM-DD. */
export function localIsoDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "November 2026" for a day of that month. */
export function monthName(isoDay: string): string {
  return `${MONTHS[Number(isoDay.slice(5, 7)) - 1]} ${isoDay.slice(0, 4)}`;
}

/** Why a sales bill dated on or before a filed month's end cannot change (the server's 409, the screen's note). */
export function filedPeriodMessage(upto: string): string {
  const day = `${upto.slice(8, 10)}-${upto.slice(5, 7)}-${upto.slice(0, 4)}`;
  return `GSTR-1 is filed up to ${monthName(upto)}: a bill dated on or before ${day} cannot be created, changed or deleted.`;
}

/** True when `isoDay` is the last day of its month. */
export function isMonthEnd(isoDay: string): boolean {
  const [year, month, day] = isoDay.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).getUTCDate() === day;
}
