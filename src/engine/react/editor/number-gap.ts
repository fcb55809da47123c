import { localIsoDay } from '../../core/financial-year';
import { financialYearOf, isIsoDay } from '../../core/periods';
import type { BillType } from '../../core/registry/types';
import type { BillServices, BillUi } from '../contract';

const otherYear = (date: unknown): date is string => isIsoDay(date) && financialYearOf(date) !== financialYearOf(localIsoDay());

/**
 * The next number of a bill dated `date`: a date in another financial year than today's asks for that year's
 * (a series that restarts every 1 April numbers each year apart); this year's is the spec's plain call.
 */
export function nextNumberOn(services: BillServices, billType: BillType, date: unknown): Promise<number> {
  return otherYear(date) ? services.nextBillNumber(billType, date) : services.nextBillNumber(billType);
}

/**
 * Before a create whose number is past the next one in the series (a typo: 50 for 6), asks whether to
 * leave the gap or use the next number. Resolves with the number to save under, or undefined to stop.
 * A number at or below the next one is left to the server (a taken one is refused with its msg).
 * The number the screen proposed for this year needs no question, so a save of it sends no request first
 * (saves made since only move the next number past it).
 */
export async function checkNumberGap(
  services: BillServices,
  ui: BillUi,
  billType: BillType,
  series: string,
  typed: number,
  date: unknown,
  proposed?: number,
): Promise<number | undefined> {
  if (typed === proposed && !otherYear(date)) return typed;
  const next = await nextNumberOn(services, billType, date);
  if (!(typed > next)) return typed;
  const { askAboutGap } = await import('./number-gap-question');
  return askAboutGap(ui, billType, { series, date: isIsoDay(date) ? date : localIsoDay() }, typed, next);
}
