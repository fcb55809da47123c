import { isIntraState, taxSummary, type TaxSummary } from './gst';
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

/** Sub-total, GST (tax bills: CGST + SGST within the seller's state, IGST across states), round-off, total. */
export function billTotals(billType: BillType, bill: Row): BillTotals {
  const gstinField = billType.roles.clientGstin;
  const buyerGstin = gstinField ? String(bill[gstinField.name] ?? '') : undefined;
  const leaves = leafRows(billType, bill);
  const subTotal = sum(leaves.map(leafAmount));
  const tax = billType.tax
    ? taxSummary(
        leaves.map((leaf) => ({
          hsn: String(valueWith(leaf, 'hsn') ?? ''),
          rate: toDecimal(valueWith(leaf, 'taxRate')),
          amount: leafAmount(leaf),
        })),
        isIntraState(billType.unitInfo.letterhead.stateCode, buyerGstin),
      )
    : undefined;
  const { roundOff, grandTotal } = roundToRupee(subTotal.plus(tax?.total.totalTax ?? 0));
  return { subTotal, tax, roundOff, grandTotal };
}
