import { changeText as csvChangeText, type AuditChange } from '../../engine/core';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (value: number) => String(value).padStart(2, '0');

/** The day and the clock time of an ISO time in the browser's time zone: ["29 Nov 2026", "10:14"]. */
export function auditDayAndTime(iso: string): [string, string] {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return [iso, ''];
  return [`${two(at.getDate())} ${MONTHS[at.getMonth()]} ${at.getFullYear()}`, `${two(at.getHours())}:${two(at.getMinutes())}`];
}

/** "29 Nov 2026, 10:14": the month spelt out, as a day typed 11-12 reads two ways. */
export function auditTime(iso: string): string {
  return auditDayAndTime(iso).filter(Boolean).join(', ');
}

/** What the operator did, in a word for the History and Audit screens; an action the app does not know reads as itself. */
const ACTION_WORDS: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  convert: 'Converted',
  delete: 'Deleted',
  restore: 'Restored',
  profile: 'Profile saved',
  series: 'Series changed',
  lock: 'Period locked',
  send: 'Sent by e-mail',
  operator: 'Operator changed',
  'mail-settings': 'Mail settings saved',
};

export function actionWord(action: string): string {
  return ACTION_WORDS[action] ?? action.charAt(0).toUpperCase() + action.slice(1).replaceAll('-', ' ');
}

/**
 * One change as the screens show it, in the CSV's words (core's changeText), except that a value set where there was
 * none reads as the value alone: a new bill's "Total: 1,180.00", not "Total:  → 1,180.00".
 */
export function changeText(change: AuditChange): string {
  if (change.kind === 'field' && change.before === '') return `${change.label}: ${change.after}`;
  if (change.kind === 'line-changed' && change.before === '') return `${change.line}: ${change.label}: ${change.after}`;
  return csvChangeText(change);
}
