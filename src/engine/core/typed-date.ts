/**
 * Dates as operators type them (issue 30): Indian order DD-MM-YYYY with -, / or . between the parts and a
 * two-digit year read as 20YY (1/12/26), or the ISO date YYYY-MM-DD (2026-12-01). Stored as the schema's
 * ISO date. The one reading of typed dates, for every date field of every screen.
 */

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const INDIAN = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/;

/** "2026-11-23" as "23-11-2026"; anything else as it is. */
export function isoToIndian(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

/**
 * A typed date in the order it was written: digits alone read as DDMMYYYY or DDMMYY and get their dashes
 * ("31022026" is "31-02-2026", so a message can name it as the operator meant it); other text as it is.
 */
export function typedDateText(text: string): string {
  const trimmed = text.trim();
  const digits = /^(\d{2})(\d{2})(\d{2}|\d{4})$/.exec(trimmed);
  return digits ? `${digits[1]}-${digits[2]}-${digits[3]}` : trimmed;
}

/** The ISO date a typed text names when it is a real day ("1/12/26" is "2026-12-01"); undefined otherwise. */
export function typedDateToIso(text: string): string | undefined {
  const written = typedDateText(text);
  const iso = ISO.exec(written);
  const indian = iso ? undefined : INDIAN.exec(written);
  if (!iso && !indian) return undefined;
  const [day, month, year] = iso ? [iso[3], iso[2], iso[1]].map(Number) : [indian![1], indian![2], indian![3]].map(Number);
  const fullYear = indian && indian[3].length === 2 ? 2000 + year : year;
  const date = new Date(Date.UTC(fullYear, month - 1, day));
  if (date.getUTCFullYear() !== fullYear || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(fullYear).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** What a date input keeps of a keystroke: digits and the separators - / . (at most 10 characters). */
export function dateInputText(text: string): string {
  return text.replace(/[^\d/.-]/g, '').slice(0, 10);
}
