/**
 * The serial numbers of a stocked goods line's pieces (issue 48: an engine's number), carried on the line beside its
 * schema fields: the invoice PDF prints them under the goods and the e-invoice reports them (PrdSlNo).
 */
export const LINE_SERIALS_KEY = 'serials';

/** A line's serial numbers, none when it has none (or holds something else there). */
export function lineSerials(row: Record<string, unknown>): string[] {
  const value = row[LINE_SERIALS_KEY];
  return Array.isArray(value) ? value.filter((serial): serial is string => typeof serial === 'string' && serial !== '') : [];
}

/** How a line's pieces print under its goods. */
export const serialsText = (serials: readonly string[]): string => `Serial No.: ${serials.join(', ')}`;
