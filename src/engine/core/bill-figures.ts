import { taxGroupKey } from './gst';
import { sum, toDecimal, ZERO, type Money } from './money';
import type { BillType } from './registry/types';
import { leafAmount, leafRows, valueWith, type LeafRow, type Row } from './rows';
import { billPlaceOfSupply, billTotals, lineTaxRate } from './totals';
import { uqcOf } from './units-of-measure';

export { UQC_NOT_APPLICABLE, UQC_OTHERS } from './units-of-measure';

/** One HSN + rate + unit group of a bill, as its PDF's HSN summary shows it (its own tax on its own taxable value). */
export interface TaxLine {
  hsn: string;
  /** The GST rate in percent, canonical decimal text ("18", "0.25"). */
  rate: string;
  taxable: Money;
  cgst: Money;
  sgst: Money;
  igst: Money;
  qty: Money;
  /** The GST portal's unit quantity code of the line's unit (Per); NA without a quantity. */
  uqc: string;
  /** The first line's description (goods or service name), trimmed. */
  description: string;
}

/** What the reports read of a bill: the figures its PDF prints, by the same code (billTotals). */
export interface BillFigures {
  taxable: Money;
  cgst: Money;
  sgst: Money;
  igst: Money;
  roundOff: Money;
  grandTotal: Money;
  /** The buyer's GSTIN (x-role clientGstin) as written, "" when the bill type has none. */
  buyerGstin: string;
  /** The place of supply (state code) of a tax bill, "" when none can be told. */
  placeOfSupply: string;
  /** Per HSN, rate and UQC, tax bills only. */
  taxLines: TaxLine[];
}

function descriptionOf(leaf: LeafRow): string {
  const field = leaf.spec.fields.find((f) => f.catalog !== undefined);
  return field ? String(leaf.row[field.name] ?? '').trim() : '';
}

/** A bill's figures for storage and reports; `bill` is the stored bill (or form data) of `billType`; the seller's state is its saved profile's when given (as on the PDF). */
export function billFigures(billType: BillType, bill: Row, sellerStateCode = billType.unitInfo.letterhead.stateCode): BillFigures {
  const totals = billTotals(billType, bill, sellerStateCode);
  const gstinField = billType.roles.clientGstin;
  const tax = totals.tax;
  const leaves = leafRows(billType, bill);
  const firstOfGroup = new Map<string, LeafRow>();
  for (const leaf of leaves) {
    const key = taxGroupKey(String(valueWith(leaf, 'hsn') ?? ''), lineTaxRate(billType, leaf), uqcOf(leaf));
    if (!firstOfGroup.has(key)) firstOfGroup.set(key, leaf);
  }
  const taxLines = (tax?.rows ?? []).map((row): TaxLine => {
    const first = firstOfGroup.get(taxGroupKey(row.hsn, row.rate, row.uqc));
    return {
      hsn: row.hsn,
      rate: row.rate.toFixed(),
      taxable: row.taxable,
      cgst: row.central,
      sgst: row.state,
      igst: row.integrated,
      qty: row.qty,
      uqc: row.uqc,
      description: first ? descriptionOf(first) : '',
    };
  });
  return {
    taxable: tax ? tax.total.taxable : sum(leaves.map(leafAmount)),
    cgst: tax?.total.central ?? ZERO,
    sgst: tax?.total.state ?? ZERO,
    igst: tax?.total.integrated ?? ZERO,
    roundOff: totals.roundOff,
    grandTotal: totals.grandTotal,
    buyerGstin: gstinField ? String(bill[gstinField.name] ?? '').trim().toUpperCase() : '',
    placeOfSupply: tax ? (billPlaceOfSupply(billType, bill, sellerStateCode) ?? '') : '',
    taxLines,
  };
}

/** Money as whole paise (exact: every stored amount has at most 2 decimal places). */
export function toPaise(value: Money): number {
  return Number(value.times(100).round(0).toFixed(0));
}

/** Whole paise back to a decimal. */
export function fromPaise(paise: number | string | bigint): Money {
  return toDecimal(String(paise)).div(100);
}

/**
 * Whole paise as a JSON number with 2 decimal places of value (123456 -> 1234.56). For whole paise a double
 * holds exactly, dividing by 100 rounds once, to the double nearest the exact amount: the very number that
 * parsing "1234.56" gives. Reports convert a year of bills' figures (600,000 of them) this way, not through
 * big.js, which took seconds (issue 19).
 */
export function paiseToNumber(paise: number | string | bigint): number {
  const whole = Number(paise);
  if (Number.isSafeInteger(whole)) return whole / 100;
  return Number(fromPaise(paise).toFixed(2));
}

/** Whole paise as text with 2 decimal places (-5 -> "-0.05"), exact, for CSV and other text exports. */
export function paiseText(paise: number | string | bigint): string {
  const whole = Number(paise);
  if (!Number.isSafeInteger(whole)) return fromPaise(paise).toFixed(2);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The key of a paged list row's grand total (`common/getbill` with paging parameters). */
export const GRAND_TOTAL_KEY = 'grandtotal';
