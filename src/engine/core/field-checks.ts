import { isValidGstin, stateName } from './gst';
import { parseDecimal } from './money';
import { isBillDay } from './periods';
import type { FieldCheck, FieldSpec, ObjectSpec, Unit } from './registry/types';
import { rowValue, type Row } from './rows';

/** GST rates a unit may charge unless units.json declares its own list (`gstRates`). */
export const DEFAULT_GST_RATES: readonly number[] = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40];

const HSN = /^(\d{4}|\d{6}|\d{8})$/;

export function gstRatesOf(unit: Unit | undefined): readonly number[] {
  return unit?.gstRates ?? DEFAULT_GST_RATES;
}

/**
 * The checks a field may declare with x-check, run after the spec's own (schema) checks: each says whether
 * a non-empty value passes. An empty value is the spec's "Please provide ..." case, never theirs.
 */
const RULES: Record<FieldCheck['rule'], (text: string, unit: Unit | undefined) => boolean> = {
  // Format, a real state or UT code, and the mod-36 check character: the one GSTIN check of the core.
  gstin: (text) => isValidGstin(text),
  hsn: (text) => HSN.test(text),
  gstRate: (text, unit) => {
    const rate = parseDecimal(text);
    return rate !== null && gstRatesOf(unit).some((allowed) => rate.eq(allowed));
  },
  stateCode: (text) => /^\d{2}$/.test(text) && stateName(text) !== undefined,
  positive: (text) => {
    const number = parseDecimal(text);
    return number === null || number.gt(0);
  },
  calendarDate: (text) => isBillDay(text),
};

function textOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value).trim();
}

/**
 * The field's own check message for this value ({n}: the row's Sr. No., {value}, {rates}), or undefined when it
 * passes. Without a unit (a saved client belongs to none) a GST rate is checked against the default rates.
 */
export function checkMessage(field: FieldSpec, value: unknown, rowNumber: number, unit: Unit | undefined): string | undefined {
  const check = field.check;
  const text = textOf(value);
  if (!check || text === '' || RULES[check.rule](text.toUpperCase(), unit)) return undefined;
  return check.message
    .replaceAll('{n}', String(rowNumber))
    .replaceAll('{value}', text)
    .replaceAll('{rates}', gstRatesOf(unit).join(', '));
}

/**
 * What a field's own schema says of a value stored without its check (a bill saved before the field declared its
 * shape): too long, not in its pattern, then its x-check, each in the field's own words as a save would answer;
 * undefined when the value passes or is empty.
 */
export function storedValueMessage(field: FieldSpec, value: unknown, unit: Unit | undefined): string | undefined {
  const text = textOf(value);
  if (text === '') return undefined;
  const { maxLength, pattern } = field.schema;
  // Counted in code points, as the schema check counts them.
  if (typeof maxLength === 'number' && [...text].length > maxLength) {
    return field.messages.maxLength ?? `${field.title} must be at most ${maxLength} characters.`;
  }
  if (typeof pattern === 'string' && !new RegExp(pattern, 'u').test(text)) {
    return field.messages.pattern ?? field.message ?? `${field.title} is not valid.`;
  }
  return checkMessage(field, text, 1, unit);
}

/**
 * A value the operator did give, refused by the spec's schema check, answered by the field's own check where that
 * says what is wrong instead of "Please provide ...": a number refused for its sign ("-2" fails the decimal
 * pattern) gets "must be more than 0", a date not written YYYY-MM-DD (2026-13-01) the field's date message.
 */
export function givenValueMessage(field: FieldSpec, value: unknown, rowNumber: number, unit: Unit): string | undefined {
  if (field.check?.rule === 'calendarDate') return checkMessage(field, value, rowNumber, unit);
  if (field.check?.rule !== 'positive') return undefined;
  const number = parseDecimal(value);
  return number !== null && number.lte(0) ? checkMessage(field, value, rowNumber, unit) : undefined;
}

/**
 * A row whose discount takes off more than QTY x Rate (a net value below 0) is refused in the discount field's own
 * words; undefined for any other row.
 */
export function discountExceedsMessage(spec: ObjectSpec, row: Row, rowNumber: number): string | undefined {
  const field = spec.fields.find((f) => f.discount);
  const value = field && rowValue(spec, row);
  if (!field || !value || value.net.gte(0)) return undefined;
  return (field.message ?? `${field.title} at Sr. No. {n} is more than the line's value.`).replaceAll('{n}', String(rowNumber));
}
