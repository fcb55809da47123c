import { taxGroupKey } from './gst';
import { sum, toDecimal, ZERO, type Money } from './money';
import type { BillType } from './registry/types';
import { leafAmount, leafRows, valueWith, type LeafRow, type Row } from './rows';
import { billTotals } from './totals';
import { unitOfMeasure } from './units-of-measure';

/** The portal's unit code for lines that have no quantity (services). */
export const UQC_NOT_APPLICABLE = 'NA';
/** The portal's "others" unit code, for a quantity whose unit declares no UQC. */
export const UQC_OTHERS = 'OTH';

/** One HSN + rate group of a bill, as its PDF's HSN summary shows it, plus the quantity and its unit code. */
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
  /** The first line's description (goods or service name). */
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
  /** Per HSN + rate, tax bills only. */
  taxLines: TaxLine[];
}

/** The quantity of a line: the first factor of its computed amount (x-productOf: qty x rate), if any. */
function quantityOf(leaf: LeafRow): Money | undefined {
  const amount = leaf.spec.fields.find((field) => field.money);
  const qtyName = amount?.productOf?.[0];
  return qtyName === undefined ? undefined : toDecimal(leaf.row[qtyName]);
}

/** The UQC declared on the chosen unit of measure of the line (the Per option's `uqc`). */
function uqcOf(leaf: LeafRow): string {
  if (quantityOf(leaf) === undefined) return UQC_NOT_APPLICABLE;
  for (const field of leaf.spec.fields) {
    const unit = unitOfMeasure(field, leaf.row[field.name]);
    if (unit) return unit.uqc;
  }
  return UQC_OTHERS;
}

function descriptionOf(leaf: LeafRow): string {
  const field = leaf.spec.fields.find((f) => f.catalog !== undefined);
  return field ? String(leaf.row[field.name] ?? '') : '';
}

/** A bill's figures for storage and reports; `bill` is the stored bill (or form data) of `billType`; the seller's state is its saved profile's when given (as on the PDF). */
export function billFigures(billType: BillType, bill: Row, sellerStateCode?: string): BillFigures {
  const totals = billTotals(billType, bill, sellerStateCode);
  const gstinField = billType.roles.clientGstin;
  const tax = totals.tax;
  const leaves = leafRows(billType, bill);
  const byGroup = new Map<string, LeafRow[]>();
  for (const leaf of leaves) {
    const key = taxGroupKey(String(valueWith(leaf, 'hsn') ?? ''), toDecimal(valueWith(leaf, 'taxRate')));
    byGroup.set(key, [...(byGroup.get(key) ?? []), leaf]);
  }
  const taxLines = (tax?.rows ?? []).map((row): TaxLine => {
    const group = byGroup.get(taxGroupKey(row.hsn, row.rate)) ?? [];
    return {
      hsn: row.hsn,
      rate: row.rate.toFixed(),
      taxable: row.taxable,
      cgst: row.central,
      sgst: row.state,
      igst: row.integrated,
      qty: sum(group.map((leaf) => quantityOf(leaf) ?? ZERO)),
      uqc: group.length ? uqcOf(group[0]) : UQC_OTHERS,
      description: group.length ? descriptionOf(group[0]) : '',
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
