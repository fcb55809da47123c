import { financialYearLabel, financialYearOf, localIsoDay, parseFinancialYear } from '../../engine/core';

/** How many years before this one a list's year picker offers. */
const EARLIER_YEARS = 6;

/** This financial year where the operator is: "2026-27". */
export function currentYearLabel(): string {
  return financialYearLabel(financialYearOf(localIsoDay()));
}

/** The years a list offers, this one first. */
export function listYears(): string[] {
  const current = financialYearOf(localIsoDay());
  return Array.from({ length: EARLIER_YEARS + 1 }, (_, i) => financialYearLabel(current - i));
}

/** A bill's year when it is not this one: calls and routes name only other years, so the spec's stay as they were. */
export function otherYear(fy: unknown): string | undefined {
  return typeof fy === 'string' && parseFinancialYear(fy) !== undefined && fy !== currentYearLabel() ? fy : undefined;
}
