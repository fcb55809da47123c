import { useEffect, useState } from 'react';
import { financialYearLabel, financialYearOfDate, localIsoDay } from '../../engine/core/financial-year';
import { formatIndian } from '../../engine/core/money';
import type { BillTypeEntry } from '../../engine/core/registry/types';
import { useApi } from '../api/ApiContext';
import { displayDate } from '../bills/format-date';
import { useOpenModal } from '../ui/ModalProvider';
import { showErrorToast } from '../ui/toasts';
import type { PayableBill, SavedPayment } from './payments-api';
import { usePaymentsApi } from './use-payments-api';
import RecordPaymentModal, { RECORD_TITLE } from './RecordPaymentModal';
import '../styles/payments.css';

interface PaidSummaryProps {
  billType: BillTypeEntry;
  billno: number;
  /** "2025-26" for a bill of another year; this year's when not given. */
  fy?: string;
}

interface Paid {
  bill: PayableBill;
  receipts: { receiptno: string; date: string }[];
}

const rupees = (value: number) => `₹${formatIndian(value)}`;

/**
 * What the bill asks for after its credit and debit notes: what was paid plus what is still due (the server's
 * balance counts the notes), added in paise; "after notes" when that is not the grand total.
 */
function owedText(bill: PayableBill): string {
  const owed = (Math.round(bill.paid * 100) + Math.round(bill.balance * 100)) / 100;
  return owed === bill.total ? rupees(owed) : `${rupees(owed)} after notes`;
}

/** "Paid ₹4,000.00 of ₹10,000.00 (receipts R/3 on 02-12-2026, R/5 on 09-12-2026)". */
export function paidText({ bill, receipts }: Paid): string {
  if (bill.paid <= 0) return `Nothing paid yet of ${owedText(bill)}.`;
  const list = receipts.map((receipt) => `${receipt.receiptno} on ${displayDate(receipt.date)}`).join(', ');
  return `Paid ${rupees(bill.paid)} of ${owedText(bill)}${list ? ` (${receipts.length === 1 ? 'receipt' : 'receipts'} ${list})` : ''}`;
}

/**
 * Issue 29, on the edit screen of a sales bill: what was paid of it and by which receipts, with Record Payment while
 * a balance is left. Part of the edit screen's chunk (EditBill), not of the create screens'.
 */
export default function PaidSummary({ billType, billno, fy }: PaidSummaryProps) {
  const api = useApi();
  const payments = usePaymentsApi();
  const openModal = useOpenModal();
  const [paid, setPaid] = useState<Paid>();
  const [attempt, setAttempt] = useState(0);
  const year = fy ?? financialYearLabel(financialYearOfDate(localIsoDay())!);

  useEffect(() => {
    let current = true;
    (async () => {
      const row = await api.services.loadBill(billType, billno, fy);
      const clientName = String(row?.[billType.roles.clientName.name] ?? '');
      if (!row || !clientName) return;
      const [bills, received] = await Promise.all([payments.clientBills(billType.unit, clientName), payments.list(billType.unit, { clientname: clientName })]);
      const bill = bills.find((entry) => entry.billType.type === billType.type && entry.billno === billno && entry.fy === year);
      if (!bill || !current) return;
      const settles = (payment: SavedPayment) =>
        payment.allocations.some((share) => share.billtype === billType.type && share.billno === billno && financialYearLabel(share.fy) === year);
      setPaid({ bill, receipts: received.filter(settles).map(({ receiptno, date }) => ({ receiptno, date })) });
    })().catch((error: Error) => current && showErrorToast(error.message));
    return () => {
      current = false;
    };
  }, [api, payments, billType, billno, fy, year, attempt]);

  if (!paid) return null;
  const record = async () => {
    const saved = await openModal<string | undefined>(
      (close) => <RecordPaymentModal unit={billType.unit} bill={{ billtype: billType.type, billno, fy: year }} onClose={close} />,
      undefined,
    );
    if (saved) setAttempt(attempt + 1);
  };
  return (
    <p className="paid-summary" role="status">
      {paidText(paid)}{' '}
      {paid.bill.balance > 0 && (
        <button type="button" className="button button--small" onClick={() => void record()}>
          {RECORD_TITLE}
        </button>
      )}
    </p>
  );
}
