import { GST_STATES } from './gst-states';
import { percentOf, sum, ZERO, type Money } from './money';

const CODE_POINTS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN check character of its first 14 characters (Luhn mod 36). */
export function gstinCheckChar(first14: string): string {
  let total = 0;
  for (let i = 0; i < 14; i++) {
    const product = CODE_POINTS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    total += Math.floor(product / 36) + (product % 36);
  }
  return CODE_POINTS[(36 - (total % 36)) % 36];
}

/**
 * The one GSTIN check (bills' x-check, saved clients, the business profile, GSTR-1's B2B test): state code +
 * PAN + entity number + Z + check character, the first two digits a real state or UT code, and the check
 * character matching the first 14 (mod 36). Case-blind, surrounding spaces ignored.
 */
export function isValidGstin(gstin: string): boolean {
  const value = gstin.trim().toUpperCase();
  return GSTIN_SHAPE.test(value) && stateCodeOf(value) !== undefined && gstinCheckChar(value) === value[14];
}

/** The state code (first two digits) of a GSTIN, when they name a state. */
export function stateCodeOf(gstin: string | undefined): string | undefined {
  const code = gstin?.trim().slice(0, 2);
  return code && GST_STATES[code] ? code : undefined;
}

export function stateName(code: string | undefined): string | undefined {
  return code ? GST_STATES[code] : undefined;
}

/**
 * The place of supply (a state code): the state of the buyer's GSTIN; for a buyer without one (an unregistered
 * buyer at the counter, whose address the bill does not tie to a state), the seller's own state, as GST law
 * takes it when the supplier has no other address of the buyer; undefined when a GSTIN names no state.
 */
export function placeOfSupply(sellerStateCode: string, buyerGstin: string | undefined): string | undefined {
  return buyerGstin?.trim() ? stateCodeOf(buyerGstin) : sellerStateCode;
}

/**
 * Intra-state supply (CGST + SGST, half the rate each) when the place of supply is the seller's state;
 * inter-state (IGST at the full rate) otherwise, including when a GSTIN's state cannot be read.
 */
export function isIntraState(sellerStateCode: string, buyerGstin: string | undefined): boolean {
  return placeOfSupply(sellerStateCode, buyerGstin) === sellerStateCode;
}

export interface TaxableLine {
  hsn: string;
  rate: Money;
  amount: Money;
}

export interface TaxRow {
  hsn: string;
  rate: Money;
  taxable: Money;
  /** CGST and SGST (intra-state) or IGST (inter-state); the others are zero. */
  central: Money;
  state: Money;
  integrated: Money;
  totalTax: Money;
}

export interface TaxSummary {
  intraState: boolean;
  rows: TaxRow[];
  total: Omit<TaxRow, 'hsn' | 'rate'>;
}

/** The group of a line in the HSN summary: its HSN and its rate (as a number: "18" and "18.0" are one group). */
export function taxGroupKey(hsn: string, rate: Money): string {
  return `${hsn}\u0000${rate.toFixed()}`;
}

/** Tax per HSN + rate group, in the order the groups first appear, each amount rounded to 2 places. */
export function taxSummary(lines: TaxableLine[], intraState: boolean): TaxSummary {
  const groups = new Map<string, TaxableLine[]>();
  for (const line of lines) {
    const key = taxGroupKey(line.hsn, line.rate);
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const rows = [...groups.values()].map((group): TaxRow => {
    const taxable = sum(group.map((line) => line.amount));
    const { rate, hsn } = group[0];
    const half = intraState ? percentOf(taxable, rate.div(2)) : ZERO;
    const integrated = intraState ? ZERO : percentOf(taxable, rate);
    return { hsn, rate, taxable, central: half, state: half, integrated, totalTax: half.plus(half).plus(integrated) };
  });
  const total = (pick: (row: TaxRow) => Money) => sum(rows.map(pick));
  return {
    intraState,
    rows,
    total: {
      taxable: total((r) => r.taxable),
      central: total((r) => r.central),
      state: total((r) => r.state),
      integrated: total((r) => r.integrated),
      totalTax: total((r) => r.totalTax),
    },
  };
}
