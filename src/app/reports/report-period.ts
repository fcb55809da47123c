import { periodOf, type Period, type PeriodChoice } from '../../engine/core';
import type { ReturnPeriod } from '../api/reports-api';

export type PeriodPick = PeriodChoice | 'custom';

export const PERIOD_CHOICES: ReadonlyArray<{ value: PeriodPick; label: string }> = [
  { value: 'thisMonth', label: 'This month' },
  { value: 'lastMonth', label: 'Last month' },
  { value: 'thisQuarter', label: 'This quarter' },
  { value: 'financialYear', label: 'This financial year (April to March)' },
  { value: 'custom', label: 'Custom range' },
];

/** Today in the operator's own time zone, as YYYY-MM-DD. */
export function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export function pickedPeriod(pick: PeriodPick, custom: Period, today: string): Period {
  return pick === 'custom' ? custom : periodOf(pick, today);
}

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The GSTR-1 return period a date range is, if it is one: a whole calendar month (monthly filer) or a whole
 * GST quarter (quarterly filer: fp names the quarter's last month).
 */
export function returnPeriodOf({ from, to }: Period): ReturnPeriod | undefined {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  if (fd !== 1 || td !== lastDayOf(ty, tm)) return undefined;
  const fp = `${String(tm).padStart(2, '0')}${ty}`;
  if (fy === ty && fm === tm) return { fp, quarterly: false };
  if (fy === ty && tm - fm === 2 && tm % 3 === 0) return { fp, quarterly: true };
  return undefined;
}
