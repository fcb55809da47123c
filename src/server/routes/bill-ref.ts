import { financialYearLabel, financialYearOf, localIsoDay, parseFinancialYear, type BillType } from '../../engine/core';
import { billNumberFrom, type Body } from '../http/body';
import { badRequest } from '../http/errors';
import type { BillRef } from '../storage/bills';

/** The financial year of today, where the server runs: a call that names no year means this one. */
export const currentFinancialYear = (): number => financialYearOf(localIsoDay());

/** An optional financial year (`fy: "2026-27"`); anything else there is refused. */
export function optionalFinancialYear(body: Body, field = 'fy'): number | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  const year = parseFinancialYear(value);
  if (year === undefined) throw badRequest(`${field} must be a financial year written like "2026-27".`);
  return year;
}

/** The bill a call names by `billno` (and `fy`, defaulting to this year: storage/bills.ts BillRef). */
export function billRefFrom(billType: BillType, body: Body): BillRef {
  return {
    unit: billType.unit,
    type: billType.type,
    billno: billNumberFrom(body),
    fy: optionalFinancialYear(body),
    defaultFy: currentFinancialYear(),
  };
}

/** "Bill No. 5 of 2025-26" when the year was named, else "Bill No. 5". */
export function billName(ref: Pick<BillRef, 'billno' | 'fy'>): string {
  return ref.fy === undefined ? `Bill No. ${ref.billno}` : `Bill No. ${ref.billno} of ${financialYearLabel(ref.fy)}`;
}
