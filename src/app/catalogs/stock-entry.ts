/**
 * What the product master keeps of a stocked entry (issue 48), as its form types it: quantities as text, the
 * opening serial numbers as one text (one per line or comma separated).
 */
export interface StockEntryInputs {
  stocked: boolean;
  openingqty: string;
  openingdate: string;
  reorderlevel: string;
  serialised: boolean;
  openingserials: string;
}

export const NOT_STOCKED: StockEntryInputs = {
  stocked: false,
  openingqty: '',
  openingdate: '',
  reorderlevel: '',
  serialised: false,
  openingserials: '',
};

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** Serial numbers typed one per line or comma separated, blanks dropped. */
export function serialList(typed: string): string[] {
  return typed
    .split(/[\n,]/)
    .map((serial) => serial.trim())
    .filter((serial) => serial !== '');
}

/** A saved entry's stock fields as the form shows them (an entry saved before stock: not stocked). */
export function stockInputsOf(entry: Record<string, unknown>): StockEntryInputs {
  if (entry.stocked !== true) return NOT_STOCKED;
  return {
    stocked: true,
    openingqty: text(entry.openingqty),
    openingdate: text(entry.openingdate),
    reorderlevel: text(entry.reorderlevel),
    serialised: entry.serialised === true,
    openingserials: Array.isArray(entry.openingserials) ? entry.openingserials.map(text).join('\n') : '',
  };
}

/** The stock fields a save sends: an entry not stocked says only that (the server checks the rest). */
export function stockBody(inputs: StockEntryInputs): Record<string, unknown> {
  if (!inputs.stocked) return { stocked: false };
  return {
    stocked: true,
    openingqty: inputs.openingqty.trim(),
    openingdate: inputs.openingdate,
    reorderlevel: inputs.reorderlevel.trim(),
    serialised: inputs.serialised,
    ...(inputs.serialised && { openingserials: serialList(inputs.openingserials) }),
  };
}

/** Whether a list's entries may be stocked: catalogs.json declares `"stock": true` on goods lists only. */
export function mayBeStocked(catalog: object): boolean {
  return (catalog as { stock?: boolean }).stock === true;
}

/**
 * The stock fields a save sends for an entry: none when they are as saved (a new entry not stocked, or an edit that
 * left them alone), so saving a plain product sends what it always did.
 */
export function stockChange(inputs: StockEntryInputs, entry?: { extra?: Record<string, unknown> }): Record<string, unknown> | undefined {
  const body = stockBody(inputs);
  const before = stockBody(stockInputsOf(entry?.extra ?? {}));
  return JSON.stringify(body) === JSON.stringify(before) ? undefined : body;
}
