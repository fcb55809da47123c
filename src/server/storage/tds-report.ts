import { inChunks } from './bill-balances';
import type { Db } from './tables';

/** One payment with TDS, as the TDS report lists it (issue 46): amounts in whole paise. */
export interface TdsReportRow {
  clientName: string;
  section: string;
  receiptNo: string;
  date: string;
  received: number;
  tds: number;
  /** The bills it settled ("{type} {printed no}"), and their value before GST (a bill without GST: its total). */
  bills: { billtype: string; printedNo: string }[];
  value: number;
}

/**
 * A unit's live payments carrying TDS dated within a period, by client then date: what a client's Form 26AS should
 * show against the business for that period.
 */
export async function tdsReportOf(db: Db, unit: string, from: string, to: string): Promise<TdsReportRow[]> {
  const payments = await db
    .selectFrom('payments')
    .select(['id', 'client_name', 'tds_section', 'printed_no', 'pay_date', 'amount', 'tds_amount'])
    .where('unit', '=', unit)
    .where('deleted_at', 'is', null)
    .where('tds_section', 'is not', null)
    .where('pay_date', '>=', from)
    .where('pay_date', '<=', to)
    .orderBy('client_name')
    .orderBy('pay_date')
    .orderBy('receipt_no')
    .execute();
  const settled = await inChunks(
    payments.map((payment) => Number(payment.id)),
    (chunk) =>
      db
        .selectFrom('payment_allocations as a')
        .innerJoin('bills as b', 'b.id', 'a.bill_id')
        .select(['a.payment_id', 'b.type', 'b.billno', 'b.printed_no', 'b.taxable', 'b.grand_total'])
        .where('a.payment_id', 'in', chunk)
        .orderBy('a.id')
        .execute(),
  );
  const billsOf = new Map<number, typeof settled>();
  for (const bill of settled) billsOf.set(Number(bill.payment_id), [...(billsOf.get(Number(bill.payment_id)) ?? []), bill]);
  return payments.map((payment) => {
    const bills = billsOf.get(Number(payment.id)) ?? [];
    return {
      clientName: payment.client_name,
      section: payment.tds_section!,
      receiptNo: payment.printed_no,
      date: payment.pay_date,
      received: Number(payment.amount),
      tds: Number(payment.tds_amount),
      bills: bills.map((bill) => ({ billtype: bill.type, printedNo: bill.printed_no ?? String(bill.billno) })),
      value: bills.reduce((total, bill) => total + Number(bill.taxable ?? bill.grand_total ?? 0), 0),
    };
  });
}
