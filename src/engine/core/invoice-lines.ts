import { valueBeforeTax } from './advance-tax';
import { sum, ZERO, type Money } from './money';
import type { BillType } from './registry/types';
import { leafAmount, leafDiscount, leafRows, valueWith, type LeafRow, type Row } from './rows';
import { amountsIncludeTax, billTotals, lineTaxRate } from './totals';
import { lineSerials } from './line-serials';
import { quantityOf, uqcOf } from './units-of-measure';

/** One line of a bill as the e-invoice's ItemList has it: its own description, quantity and value, and its share of the tax. */
export interface InvoiceLine {
  description: string;
  hsn: string;
  rate: Money;
  /** undefined for a line without a quantity (a service). */
  qty: Money | undefined;
  uqc: string;
  /** The discount taken off qty x rate before tax (0 without one); the taxable value is net of it. */
  discount: Money;
  taxable: Money;
  cgst: Money;
  sgst: Money;
  igst: Money;
  /** A stocked line's pieces' serial numbers (issue 48), none for others. */
  serials: string[];
}

function descriptionOf(leaf: LeafRow): string {
  const field = leaf.spec.fields.find((f) => f.catalog !== undefined);
  return field ? String(leaf.row[field.name] ?? '').trim() : '';
}

/**
 * `total` shared over `weights` to the paisa, summing exactly to it: each its proportional share rounded down, then
 * the paise left over one each to the largest remainders (the first of equal ones).
 */
export function sharePaise(total: Money, weights: Money[]): Money[] {
  const whole = sum(weights);
  if (whole.eq(0)) return weights.map((_, index) => (index === 0 ? total : ZERO));
  const exact = weights.map((weight) => total.times(weight).div(whole));
  const shares = exact.map((share) => share.round(2, 0));
  let left = Math.round(Number(total.minus(sum(shares)).times(100)));
  const byRemainder = exact.map((share, index) => ({ index, rest: share.minus(shares[index]) })).sort((a, b) => b.rest.cmp(a.rest) || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = shares[index].plus('0.01');
    left -= 1;
  }
  return shares;
}

/**
 * A tax bill's lines in document order. The tax a bill charges is computed once per rate (gst.ts taxSummary, the
 * PDF's totals); each rate's CGST, SGST and IGST are shared over that rate's lines by taxable value, so the items
 * add up to the document's totals to the paisa.
 */
export function invoiceLines(billType: BillType, bill: Row, sellerStateCode?: string): InvoiceLine[] {
  const tax = billTotals(billType, bill, sellerStateCode).tax;
  if (!tax) return [];
  const included = amountsIncludeTax(billType, bill);
  const lines = leafRows(billType, bill).map((leaf) => {
    const rate = lineTaxRate(billType, leaf);
    const taxable = included ? valueBeforeTax(leafAmount(leaf), rate) : leafAmount(leaf);
    const line: InvoiceLine = {
      description: descriptionOf(leaf), hsn: String(valueWith(leaf, 'hsn') ?? '').trim(), rate, qty: quantityOf(leaf),
      uqc: uqcOf(leaf), discount: leafDiscount(leaf), taxable, cgst: ZERO, sgst: ZERO, igst: ZERO, serials: lineSerials(leaf.row),
    };
    return line;
  });
  for (const rateTax of tax.rates) {
    const ofRate = lines.filter((line) => line.rate.eq(rateTax.rate));
    const weights = ofRate.map((line) => line.taxable);
    const [cgst, sgst, igst] = [rateTax.central, rateTax.state, rateTax.integrated].map((amount) => sharePaise(amount, weights));
    ofRate.forEach((line, index) => Object.assign(line, { cgst: cgst[index], sgst: sgst[index], igst: igst[index] }));
  }
  return lines;
}
