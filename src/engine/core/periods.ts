/** A date range of bills, both ends included, as ISO dates (YYYY-MM-DD): the bills' date text compares in order. */
export interface Period {
  from: string;
  to: string;
}

export type PeriodChoice = 'thisMonth' | 'lastMonth' | 'thisQuarter' | 'financialYear';

const pad = (n: number) => String(n).padStart(2, '0');

/** The ISO text of a calendar day; month is 1-12 (day 0 is the last day of the month before). */
export function isoDay(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function monthPeriod(year: number, month: number): Period {
  return { from: isoDay(year, month, 1), to: isoDay(year, month + 1, 0) };
}

/** The Indian financial year (April to March) a day falls in, by the year it starts. */
export function financialYearOf(day: string): number {
  const [year, month] = day.split('-').map(Number);
  return month >= 4 ? year : year - 1;
}

export function financialYear(startYear: number): Period {
  return { from: isoDay(startYear, 4, 1), to: isoDay(startYear + 1, 3, 31) };
}

/** The twelve months of a financial year, April first, as YYYY-MM. */
export function financialYearMonths(startYear: number): string[] {
  return Array.from({ length: 12 }, (_, i) => isoDay(startYear, 4 + i, 1).slice(0, 7));
}

/** A named period around `today` (ISO); quarters are the GST ones: Apr-Jun, Jul-Sep, Oct-Dec, Jan-Mar. */
export function periodOf(choice: PeriodChoice, today: string): Period {
  const [year, month] = today.split('-').map(Number);
  switch (choice) {
    case 'thisMonth':
      return monthPeriod(year, month);
    case 'lastMonth':
      return monthPeriod(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1);
    case 'thisQuarter': {
      const first = month - ((month - 1) % 3);
      return { from: isoDay(year, first, 1), to: isoDay(year, first + 3, 0) };
    }
    case 'financialYear':
      return financialYear(financialYearOf(today));
  }
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The days a bill may be dated (issue 25): GST returns, registers and the PDF read every stored date in this range. */
export const BILL_DAYS: Period = { from: '2000-01-01', to: '2099-12-31' };

/** A real calendar day written as YYYY-MM-DD, within BILL_DAYS: never 2026-02-31, 2026-02-29 or year 0000. */
export function isBillDay(value: unknown): value is string {
  return isIsoDay(value) && value >= BILL_DAYS.from && value <= BILL_DAYS.to;
}

/** A real calendar day written as YYYY-MM-DD. */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  return isoDay(year, month, day) === value;
}

/**
 * A GSTR-1 return period (`fp`: MMYYYY). A quarterly filer's fp names the quarter's last month
 * ("122026" with quarterly covers October to December 2026). Undefined when fp is not such a month.
 */
export function returnPeriod(fp: string, quarterly: boolean): Period | undefined {
  if (!/^(0[1-9]|1[0-2])\d{4}$/.test(fp)) return undefined;
  const month = Number(fp.slice(0, 2));
  const year = Number(fp.slice(2));
  if (!quarterly) return monthPeriod(year, month);
  if (month % 3 !== 0) return undefined;
  return { from: isoDay(year, month - 2, 1), to: isoDay(year, month + 1, 0) };
}

/** DD-MM-YYYY, the GST portal's date. */
export function portalDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}-${month}-${year}`;
}
