import type { BillType } from './registry/types';

/**
 * Spec 3 and 7: a stored bill answers its number as `billno`, while the form and the create call send it in
 * the bill number field (`invoiceno`). Server, PDF and form translate with these, so the name lives once.
 */
export const STORED_BILL_NUMBER = 'billno';

/** The bill number of a stored bill, or of form data that still has it under the bill number field. */
export function billNumberOf(billType: BillType, bill: Record<string, unknown>): unknown {
  return bill[STORED_BILL_NUMBER] ?? bill[billType.roles.billNumber.name];
}
