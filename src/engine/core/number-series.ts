import { financialYearShort, type FinancialYear } from './financial-year';

/**
 * A number series is a format: literal text, `{fy}` (the financial year, "26-27") and `{n}` or `{n:4}` (the
 * counter, zero-padded to 4). A series with `{fy}` restarts at 1 every 1 April; one without runs on. The
 * format a bill was numbered under is printed on it for good (the bill keeps its printed number).
 */
export const DEFAULT_SERIES = '{n}';

/**
 * The serial the e-invoice schema (INV-01 DocDtls.No) accepts, stricter than Rule 46(b)'s 16 characters of
 * letters, digits, `-` and `/`: no lowercase, and no leading 0, `/` or `-`.
 */
export const PRINTED_NUMBER_PATTERN = /^[A-Z1-9][A-Z0-9/-]{0,15}$/;

/** Bills a year a series must be able to number without breaking the pattern. */
export const SERIES_CAPACITY = 9999;

const TOKEN = /\{(fy|n(?::([1-9]))?)\}/g;

/** The counter and year a printed number is made of. */
export interface SeriesValues {
  n: number;
  fy: FinancialYear;
}

/** The printed number of counter `n` in year `fy` under `format`. */
export function formatSeries(format: string, { n, fy }: SeriesValues): string {
  return format.replace(TOKEN, (_token, name: string, width?: string) =>
    name === 'fy' ? financialYearShort(fy) : String(n).padStart(Number(width ?? 0), '0'),
  );
}

/** True when the series restarts every 1 April (its format prints the year). */
export function restartsYearly(format: string): boolean {
  return format.includes('{fy}');
}

function countOf(format: string, name: 'fy' | 'n'): number {
  return [...format.matchAll(TOKEN)].filter((match) => (match[1] === 'fy') === (name === 'fy')).length;
}

/**
 * What is wrong with a series format, or undefined. `label` names the series in the message ("Tax Invoice
 * Bill"). The format is tried at the first and the 9,999th bill of a year, in the years it may print.
 */
export function seriesProblem(label: string, format: unknown): string | undefined {
  if (typeof format !== 'string' || format.trim() === '') return `Please provide the ${label} series, e.g. GI/{fy}/{n:4}.`;
  if (countOf(format, 'n') !== 1) return `The ${label} series "${format}" needs the counter {n} (or {n:4}) exactly once.`;
  if (countOf(format, 'fy') > 1) return `The ${label} series "${format}" may print the year {fy} once at most.`;
  const literal = format.replace(TOKEN, '');
  if (/[{}]/.test(literal)) return `The ${label} series "${format}" has a brace that is not {fy}, {n} or {n:4}.`;
  for (const fy of [2026, 2099]) {
    for (const n of [1, SERIES_CAPACITY]) {
      const printed = formatSeries(format, { n, fy });
      if (!PRINTED_NUMBER_PATTERN.test(printed)) {
        return (
          `The ${label} series "${format}" would print "${printed}": a bill number is at most 16 capital letters, ` +
          'digits, / and -, and does not begin with 0, / or -.'
        );
      }
    }
  }
  return undefined;
}
