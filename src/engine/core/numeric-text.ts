/**
 * A value the API keeps as numeric text (credit days, a pincode, a phone or account number), as its text: a JSON
 * number is read as the digits it prints, so `15` and `"15"` are one answer. A number past 2^53 is refused
 * (undefined), since JSON parsing has already rounded it and its digits would not be the ones the client sent.
 */
export function numericText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER) return String(value);
  return undefined;
}
