import type { BillType } from './registry/types';
import type { Row } from './rows';
import { billTotals } from './totals';
import { hasVisibleText } from './visible-text';

/** CGST Rule 46(e): whether the bill's value reaches its type's x-bill.buyerDetails threshold (₹50,000). */
export function needsBuyerDetails(billType: BillType, bill: Row, sellerStateCode?: string): boolean {
  const rule = billType.buyerDetails;
  return rule !== undefined && billTotals(billType, bill, sellerStateCode).grandTotal.gte(rule.from);
}

/** The check after the fields' own: a bill at or above the threshold must give the buyer's address. */
export function buyerDetailsMessage(billType: BillType, bill: Row): string | undefined {
  const address = billType.roles.clientAddress;
  if (!billType.buyerDetails || !address || hasVisibleText(bill[address.name])) return undefined;
  return needsBuyerDetails(billType, bill) ? billType.buyerDetails.message : undefined;
}
