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
  /** The line's GST unit quantity code (UQC) and quantity; services: NA and none. */
  uqc?: string;
  qty?: Money;
}

/** The tax on a taxable value at a rate, rounded once (half-up, to the paisa). */
export interface TaxAmounts {
  /** CGST and SGST (intra-state) or IGST (inter-state); the others are zero. */
  central: Money;
  state: Money;
  integrated: Money;
  totalTax: Money;
}

/** A row of the HSN summary: one HSN, rate and unit, its tax computed on its own taxable value (as GSTR-1's HSN table does). */
export interface TaxRow extends TaxAmounts {
  hsn: string;
  rate: Money;
  uqc: string;
  qty: Money;
  taxable: Money;
}

/** The tax of one rate of one bill: what the bill charges (GSTR-1's rate rows, the totals box, the stored figures). */
export interface RateTax extends TaxAmounts {
  rate: Money;
  taxable: Money;
}

export interface TaxSummary {
  intraState: boolean;
  /** The HSN summary, by HSN, rate and UQC, in the order they first appear. */
  rows: TaxRow[];
  /** The bill's tax, one entry per rate, in the order the rates first appear. */
  rates: RateTax[];
  /** The bill's tax: the sum of its rates. */
  total: RateTaxTotal;
}

export type RateTaxTotal = Omit<RateTax, 'rate'>;

/**
 * The one rounding rule of GST amounts (the portal checks each rate row of an invoice this way): tax on a
 * taxable value at a rate, rounded half-up once; within the state CGST and SGST are each round(taxable x rate/2).
 */
export function taxOn(taxable: Money, rate: Money, intraState: boolean): TaxAmounts {
  const half = intraState ? percentOf(taxable, rate.div(2)) : ZERO;
  const integrated = intraState ? ZERO : percentOf(taxable, rate);
  return { central: half, state: half, integrated, totalTax: half.plus(half).plus(integrated) };
}

/** The group of a line in the HSN summary: its HSN, rate (as a number: "18" and "18.0" are one) and unit code. */
export function taxGroupKey(hsn: string, rate: Money, uqc = ''): string {
  return `${hsn.trim()}\u0000${rate.toFixed()}\u0000${uqc}`;
}

function groupLines(lines: TaxableLine[], keyOf: (line: TaxableLine) => string): TaxableLine[][] {
  const groups = new Map<string, TaxableLine[]>();
  for (const line of lines) {
    const key = keyOf(line);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups.values()];
}

/**
 * A bill's GST: the tax of each rate, computed once on that rate's taxable value (taxOn), and the HSN summary
 * rows, each computed on its own taxable value. Amounts are exact decimals rounded to 2 places.
 */
export function taxSummary(lines: TaxableLine[], intraState: boolean): TaxSummary {
  const rows = groupLines(lines, (line) => taxGroupKey(line.hsn, line.rate, line.uqc)).map((group): TaxRow => {
    const taxable = sum(group.map((line) => line.amount));
    const { rate, hsn, uqc = '' } = group[0];
    const qty = sum(group.map((line) => line.qty ?? ZERO));
    return { hsn: hsn.trim(), rate, uqc, qty, taxable, ...taxOn(taxable, rate, intraState) };
  });
  const rates = groupLines(lines, (line) => line.rate.toFixed()).map((group): RateTax => {
    const taxable = sum(group.map((line) => line.amount));
    return { rate: group[0].rate, taxable, ...taxOn(taxable, group[0].rate, intraState) };
  });
  const total = (pick: (row: RateTax) => Money) => sum(rates.map(pick));
  return {
    intraState,
    rows,
    rates,
    total: {
      taxable: total((r) => r.taxable),
      central: total((r) => r.central),
      state: total((r) => r.state),
      integrated: total((r) => r.integrated),
      totalTax: total((r) => r.totalTax),
    },
  };
}
