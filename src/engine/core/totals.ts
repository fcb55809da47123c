import { isIntraState, taxSummary, type TaxRow, type TaxSummary } from './gst';
import { roundToRupee, sum, toDecimal, type Money } from './money';
import type { BillType } from './registry/types';
import { leafAmount, leafRows, valueWith, type Row } from './rows';

export interface BillTotals {
  subTotal: Money;
  /** GST per HSN + rate group, for tax bills. */
  tax?: TaxSummary;
  roundOff: Money;
  grandTotal: Money;
}

/**
 * Sub-total, GST (tax bills: CGST + SGST within the seller's state, IGST across states), round-off, total.
 * The seller's state is the saved business profile's (its GSTIN's) when the caller has it, else units.json's.
 */
export function billTotals(billType: BillType, bill: Row, sellerStateCode = billType.unitInfo.letterhead.stateCode): BillTotals {
  const gstinField = billType.roles.clientGstin;
  const buyerGstin = gstinField ? String(bill[gstinField.name] ?? '') : undefined;
  const leaves = leafRows(billType, bill);
  const subTotal = sum(leaves.map(leafAmount));
  const tax = billType.tax && billType.priced
    ? taxSummary(
        leaves.map((leaf) => ({
          hsn: String(valueWith(leaf, 'hsn') ?? ''),
          rate: toDecimal(valueWith(leaf, 'taxRate')),
          amount: leafAmount(leaf),
        })),
        isIntraState(sellerStateCode, buyerGstin),
      )
    : undefined;
  const { roundOff, grandTotal } = roundToRupee(subTotal.plus(tax?.total.totalTax ?? 0));
  return { subTotal, tax, roundOff, grandTotal };
}

/** One line of the totals box, as the PDF prints it and the screen shows it. */
export interface TotalsLine {
  label: string;
  amount: Money;
}

/** Tax lines, one per rate: "CGST @ 9%" and "SGST @ 9%" within the state, "IGST @ 18%" across states. */
export function taxLines(tax: TaxSummary): TotalsLine[] {
  const byRate = new Map<string, TaxRow[]>();
  for (const row of tax.rows) byRate.set(row.rate.toFixed(), [...(byRate.get(row.rate.toFixed()) ?? []), row]);
  return [...byRate.values()].flatMap((rows): TotalsLine[] => {
    const total = (pick: (row: TaxRow) => Money) => sum(rows.map(pick));
    const { rate } = rows[0];
    if (!tax.intraState) return [{ label: `IGST @ ${rate.toFixed()}%`, amount: total((row) => row.integrated) }];
    const half = `${rate.div(2).toFixed()}%`;
    return [
      { label: `CGST @ ${half}`, amount: total((row) => row.central) },
      { label: `SGST @ ${half}`, amount: total((row) => row.state) },
    ];
  });
}

/** The totals box above the grand total: Sub Total, the tax lines, Round Off. */
export function totalsLines(totals: BillTotals): TotalsLine[] {
  return [
    { label: 'Sub Total', amount: totals.subTotal },
    ...(totals.tax ? taxLines(totals.tax) : []),
    { label: 'Round Off', amount: totals.roundOff },
  ];
}
