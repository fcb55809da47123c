import { placeOfSupply, stateCodeOf, taxSummary, type TaxSummary } from './gst';
import { roundToRupee, toDecimal, sum, type Money } from './money';
import type { BillType } from './registry/types';
import { DEFAULT_DOCUMENT_WORDS, type DocumentWords } from './document-words';
import { advanceRate, valueBeforeTax } from './advance-tax';
import { leafAmount, leafRows, valueWith, type LeafRow, type Row } from './rows';
import { quantityOf, uqcOf } from './units-of-measure';

export interface BillTotals {
  subTotal: Money;
  /** GST per HSN + rate group, for tax bills. */
  tax?: TaxSummary;
  roundOff: Money;
  grandTotal: Money;
  /** Rounded to the rupee (x-bill.roundToRupee): else roundOff is 0 and no Round Off line is printed. */
  rounded: boolean;
}

/**
 * A bill's place of supply (a state code): the state its place-of-supply field names (x-role placeOfSupply: a
 * buyer without a GSTIN), else the core's rule from the buyer's GSTIN (placeOfSupply); undefined when neither
 * names a state.
 */
export function billPlaceOfSupply(billType: BillType, bill: Row, sellerStateCode = billType.unitInfo.letterhead.stateCode): string | undefined {
  const declared = billType.roles.placeOfSupply;
  if (declared) return stateCodeOf(String(bill[declared.name] ?? ''));
  const gstinField = billType.roles.clientGstin;
  return placeOfSupply(sellerStateCode, gstinField ? String(bill[gstinField.name] ?? '') : undefined);
}

/** The GST rate of a line: as written, or by the advance rules on a bill taxed as an advance received (advance-tax.ts). */
export function lineTaxRate(billType: BillType, leaf: LeafRow): Money {
  const rate = valueWith(leaf, 'taxRate');
  return billType.advanceTax ? advanceRate(valueWith(leaf, 'hsn'), rate) : toDecimal(rate);
}

/** The operator chose amounts that include their tax (the header field with x-taxIncludedWhen holds that value). */
export function amountsIncludeTax(billType: BillType, bill: Row): boolean {
  const choice = billType.header.find((field) => field.taxIncludedWhen !== undefined);
  return choice !== undefined && String(bill[choice.name] ?? '').trim() === choice.taxIncludedWhen;
}

/**
 * Sub-total, GST (tax bills: CGST + SGST within the seller's state, IGST across states), round-off, total.
 * The seller's state is the saved business profile's (its GSTIN's) when the caller has it, else units.json's.
 * Amounts that include their tax are taxed on their value before tax, and the total is what was written (the money
 * received): a paisa lost to rounding shows as Round Off.
 */
export function billTotals(billType: BillType, bill: Row, sellerStateCode = billType.unitInfo.letterhead.stateCode): BillTotals {
  const leaves = leafRows(billType, bill);
  const written = sum(leaves.map(leafAmount));
  const taxed = billType.tax && billType.priced;
  const included = taxed && amountsIncludeTax(billType, bill);
  const lines = leaves.map((leaf) => {
    const rate = lineTaxRate(billType, leaf);
    const amount = included ? valueBeforeTax(leafAmount(leaf), rate) : leafAmount(leaf);
    return { hsn: String(valueWith(leaf, 'hsn') ?? ''), rate, amount, uqc: uqcOf(leaf), qty: quantityOf(leaf) };
  });
  const subTotal = included ? sum(lines.map((line) => line.amount)) : written;
  const tax = taxed ? taxSummary(lines, billPlaceOfSupply(billType, bill, sellerStateCode) === sellerStateCode) : undefined;
  const total = subTotal.plus(tax?.total.totalTax ?? 0);
  if (included) {
    const roundOff = written.minus(total);
    return { subTotal, tax, roundOff, grandTotal: written, rounded: !roundOff.eq(0) };
  }
  if (billType.roundToRupee === false) return { subTotal, tax, roundOff: toDecimal(0), grandTotal: total, rounded: false };
  const { roundOff, grandTotal } = roundToRupee(total);
  return { subTotal, tax, roundOff, grandTotal, rounded: true };
}

/** One line of the totals box, as the PDF prints it and the screen shows it. */
export interface TotalsLine {
  label: string;
  amount: Money;
}

/** Tax lines, one per rate (the bill's rate taxes): "CGST @ 9%" and "SGST @ 9%" within the state, "IGST @ 18%" across states. */
export function taxLines(tax: TaxSummary): TotalsLine[] {
  return tax.rates.flatMap((row): TotalsLine[] => {
    if (!tax.intraState) return [{ label: `IGST @ ${row.rate.toFixed()}%`, amount: row.integrated }];
    const half = `${row.rate.div(2).toFixed()}%`;
    return [
      { label: `CGST @ ${half}`, amount: row.central },
      { label: `SGST @ ${half}`, amount: row.state },
    ];
  });
}

/** The totals box above the grand total: Sub Total, the tax lines, Round Off (when rounded), in the type's words. */
export function totalsLines(totals: BillTotals, words: Partial<DocumentWords> = {}): TotalsLine[] {
  return [
    { label: words.subTotal ?? DEFAULT_DOCUMENT_WORDS.subTotal, amount: totals.subTotal },
    ...(totals.tax ? taxLines(totals.tax) : []),
    ...(totals.rounded ? [{ label: words.roundOff ?? DEFAULT_DOCUMENT_WORDS.roundOff, amount: totals.roundOff }] : []),
  ];
}
