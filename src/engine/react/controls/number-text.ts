import { parseDecimal } from '../../core/money';

/** Spec 5: a number input accepts only digits, e, +, - and the decimal point. */
const ALLOWED_CHARACTER = /^[0-9eE+\-.]$/;
const DISALLOWED_CHARACTERS = /[^0-9eE+\-.]/g;

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Whether a key press may reach a number input: named keys and shortcuts pass, other characters must be allowed. */
export function isAllowedKey(event: KeyLike): boolean {
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return true;
  return ALLOWED_CHARACTER.test(event.key);
}

/** Pasted or autofilled text with every character a number input refuses removed. */
export function sanitizeNumberText(text: string): string {
  return text.replace(DISALLOWED_CHARACTERS, '');
}

/** Spec 9: step 1, 0.1 with Ctrl/Cmd, 10 with Shift. */
export function stepSize(event: Pick<KeyLike, 'ctrlKey' | 'metaKey' | 'shiftKey'>): string {
  if (event.shiftKey) return '10';
  if (event.ctrlKey || event.metaKey) return '0.1';
  return '1';
}

export interface StepBounds {
  minimum?: number;
  maximum?: number;
}

/**
 * The text after one step up or down, in exact decimals (2.55 + 0.1 is 2.65), kept within the schema's
 * bounds. Text that is not a number steps from 0.
 */
export function stepNumberText(text: string, step: string, direction: 1 | -1, bounds: StepBounds): string {
  const current = parseDecimal(text) ?? parseDecimal(0)!;
  let next = direction === 1 ? current.plus(step) : current.minus(step);
  if (bounds.minimum !== undefined && next.lt(bounds.minimum)) next = parseDecimal(bounds.minimum)!;
  if (bounds.maximum !== undefined && next.gt(bounds.maximum)) next = parseDecimal(bounds.maximum)!;
  return next.toFixed();
}

/** The text an input shows for a stored value (numbers from a loaded bill, strings while typing). */
export function displayText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value);
}
