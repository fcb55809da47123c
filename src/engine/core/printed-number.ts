import type { FinancialYear } from './financial-year';
import { financialYearOf } from './periods';
import { formatSeries } from './number-series';
import type { BillType, BillTypeEntry } from './registry/types';
import { PRINTED_NUMBER_KEY } from './stored-bill';

/**
 * A bill's number as printed: its series format filled with the counter and the year ("GI/26-27/0042",
 * "S/12"). The PDF, its file name, the lists and GSTR-1's inum all print this, so the portal's invoice numbers
 * are the ones on the customers' copies; the API keeps the bare counter (billno), unique within its type and
 * financial year (within the type when the series runs on).
 */
export function printedBillNumber(format: string, billno: unknown, fy: FinancialYear): string {
  const n = Number(billno);
  return Number.isInteger(n) && n > 0 ? formatSeries(format, { n, fy }) : String(billno ?? '');
}

/** The printed number of a bill numbered under `format` on `isoDay`. */
export function printedNumberOn(format: string, billno: unknown, isoDay: string): string {
  return printedBillNumber(format, billno, financialYearOf(isoDay));
}

/**
 * The number a stored bill prints: the one it was numbered with (`printedno`), else (a bill not stored yet,
 * a preview) its type's default series on its date.
 */
export function printedNumberOf(billType: BillType, bill: Record<string, unknown>): string {
  const printed = bill[PRINTED_NUMBER_KEY];
  if (typeof printed === 'string' && printed !== '') return printed;
  const date = bill[billType.roles.billDate.name];
  return typeof date === 'string' && /^\d{4}-\d{2}/.test(date)
    ? printedNumberOn(billType.series, bill.billno, date)
    : String(bill.billno ?? '');
}

/**
 * Another sales type of the same GST unit that numbers under the same series as `billType` would under
 * `format` (`seriesOf` gives the others' formats): GSTR-1 needs every printed number unique in a year.
 */
export function clashingSalesSeries<T extends BillTypeEntry>(
  billTypes: readonly T[],
  billType: T,
  format: string,
  seriesOf: (other: T) => string,
): T | undefined {
  if (!billType.countsAsSales) return undefined;
  const taxUnit = billTypes.some((other) => other.unit === billType.unit && other.countsAsSales && other.tax);
  if (!taxUnit) return undefined;
  return billTypes.find(
    (other) => other !== billType && other.unit === billType.unit && other.countsAsSales && seriesOf(other) === format,
  );
}
