import type { BillType } from './registry/types';

/**
 * A bill's number as printed: its type's x-bill.numberPrefix, then the number ("S/12"). The PDF and GSTR-1's
 * inum both print this, so the portal's invoice numbers are the ones on the customers' copies; the screens and
 * the API keep the bare number (billno), unique within its type.
 */
export function printedBillNumber(billType: Pick<BillType, 'numberPrefix'>, billno: unknown): string {
  return `${billType.numberPrefix}${String(billno ?? '')}`;
}
