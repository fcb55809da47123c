/**
 * Dates are typed in Indian order (DD-MM-YYYY) whatever the browser's locale, and stored as the schema's
 * ISO date (YYYY-MM-DD).
 */

/** "2026-11-23" as "23-11-2026"; anything else as it is. */
export function isoToIndian(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

/**
 * "23-11-2026" (also with / or .) as "2026-11-23" when it is a real date; undefined otherwise. A pasted
 * ISO date ("2026-11-23") is taken as it is.
 */
export function indianToIso(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const match = iso ? [iso[0], iso[3], iso[2], iso[1]] : /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Typed digits with the dashes put in as the operator types ("2311" → "23-11"). */
export function maskIndianDate(text: string): string {
  if (/[-/.]/.test(text)) return text.slice(0, 10);
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}-${digits.slice(2)}`;
  return `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`;
}
