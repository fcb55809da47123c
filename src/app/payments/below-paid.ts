import { financialYearLabel, financialYearOfDate } from '../../engine/core/financial-year';
import { formatIndian } from '../../engine/core/money';
import type { BillType } from '../../engine/core/registry/types';
import type { Row } from '../../engine/core/rows';
// The barrel, as the editor imports it: its module file would split the bill figures off the editor's chunk.
import { billTotals } from '../../engine/core';
import type { BillUi } from '../../engine/react/contract';
import type { PaymentsApi } from './payments-api';

/** The question's texts (issue 29). */
export const BELOW_PAID = {
  title: 'Below what was paid',
  description: (printedNo: string, paid: number, total: number) =>
    `${printedNo} was paid ₹ ${formatIndian(paid)}; its new total is ₹ ${formatIndian(total)}. ₹ ${formatIndian(paid - total)} received against it will stay on account.`,
  confirmLabel: 'Save',
  cancelLabel: 'Cancel',
  declined: 'Not saved: the bill keeps what was paid against it.',
};

/**
 * Before an update of a sales bill: when its new grand total is below what its client paid against it, asks whether
 * to save (the server then moves the excess back to the payments, on account). Declined, it rejects: the editor shows
 * the reason and saves nothing.
 */
export async function confirmBelowPaid(payments: PaymentsApi, ui: BillUi, billType: BillType, payload: Row): Promise<void> {
  const clientName = String(payload[billType.roles.clientName.name] ?? '');
  const billno = Number(payload[billType.roles.billNumber.name]);
  const year = financialYearOfDate(payload[billType.roles.billDate.name]);
  const fy = typeof payload.fy === 'string' ? payload.fy : year === undefined ? undefined : financialYearLabel(year);
  // The question is a courtesy: the server moves any excess on account whatever is asked, so a failed look-up
  // lets the save go on (and say what the server answers).
  const bills = await payments.clientBills(billType.unit, clientName).catch(() => []);
  const stored = bills.find((bill) => bill.billType.type === billType.type && bill.billno === billno && bill.fy === fy);
  if (!stored || stored.paid <= 0) return;
  const total = Number(billTotals(billType, payload).grandTotal.toFixed(2));
  if (total >= stored.paid) return;
  const confirmed = await ui.confirm({
    title: BELOW_PAID.title,
    description: BELOW_PAID.description(`${billType.menuLabel} ${stored.printedNo}`, stored.paid, total),
    confirmLabel: BELOW_PAID.confirmLabel,
    cancelLabel: BELOW_PAID.cancelLabel,
  });
  if (!confirmed) throw new Error(BELOW_PAID.declined);
}
