import { localIsoDay } from '../../engine/core';

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "31 Oct 2026": the last day a filed mark locks, as the offer and its question name it. */
export function shortDay(isoDay: string): string {
  return `${Number(isoDay.slice(8, 10))} ${SHORT_MONTHS[Number(isoDay.slice(5, 7)) - 1]} ${isoDay.slice(0, 4)}`;
}

/**
 * Whether a downloaded return's last day may be offered as filed (issue 50): only once that day is past, so a
 * month still running (whose bills are still being made) is never locked by a click meant for the last one.
 */
export function hasEnded(isoDay: string, today: string = localIsoDay()): boolean {
  return isoDay < today;
}
