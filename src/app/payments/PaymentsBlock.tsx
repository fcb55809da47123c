import { useCallback, useEffect, useState } from 'react';
import { formatIndian } from '../../engine/core/money';
import type { Unit } from '../../engine/core/registry/types';
import { useCan } from '../auth/can';
import { displayDate } from '../bills/format-date';
import { ConfirmModal } from '../ui/ConfirmModal';
import { downloadBlob } from '../ui/download';
import { useOpenModal } from '../ui/ModalProvider';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import type { SavedPayment } from './payments-api';
import { modeName } from './payments-spec';
import { usePaymentsApi } from './use-payments-api';
import RecordPaymentModal, { RECORD_TITLE, receiptFileName } from './RecordPaymentModal';
import '../styles/payments.css';

const rupees = (value: number) => `₹ ${formatIndian(value)}`;

interface PaymentsBlockProps {
  unit: Unit;
  /** Only this client's payments (the Clients screen); all of the unit's when not given. */
  clientName?: string;
  /** The heading's level and text. */
  title: string;
}

/**
 * A unit's payments received (of one client when named): receipt number, date, client, mode, amount, what each
 * settled and what is on account, with Receipt (the PDF), Allocate (the payment's form again, same receipt number:
 * on-account money put on bills later) and Delete (its bills are owed again). Record Payment adds one.
 */
export function PaymentsBlock({ unit, clientName, title }: PaymentsBlockProps) {
  const api = usePaymentsApi();
  const openModal = useOpenModal();
  const can = useCan();
  const [payments, setPayments] = useState<SavedPayment[]>();
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let current = true;
    api.list(unit.slug, clientName ? { clientname: clientName } : {}).then(
      (answer) => current && setPayments(answer),
      (error: Error) => {
        if (!current) return;
        showErrorToast(error.message);
        setPayments([]);
      },
    );
    return () => {
      current = false;
    };
  }, [api, unit.slug, clientName, attempt]);

  const record = async (payment?: SavedPayment) => {
    const saved = await openModal<string | undefined>(
      (close) => <RecordPaymentModal unit={unit.slug} clientName={clientName} payment={payment} onClose={close} />,
      undefined,
    );
    if (saved) reload();
  };

  const receipt = async (payment: SavedPayment) => {
    try {
      downloadBlob(await api.receipt(unit.slug, payment._id), receiptFileName(payment.receiptno, payment.clientname));
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  };

  const remove = async (payment: SavedPayment) => {
    const confirmed = await openModal<boolean>(
      (close) => (
        <ConfirmModal
          image="delete"
          title={`Delete Receipt ${payment.receiptno}`}
          description={`Are you sure? ${rupees(payment.amount)} from ${payment.clientname} is no longer counted: the bills it settled are owed again.`}
          leftButton={{ label: 'Cancel', onClick: () => close(false) }}
          rightButton={{ label: 'Delete', onClick: () => close(true), tone: 'danger' }}
          onClose={() => close(false)}
        />
      ),
      false,
    );
    if (!confirmed) return;
    try {
      showSuccessToast(await api.remove(unit.slug, payment._id));
      reload();
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  };

  const onAccount = (payments ?? []).reduce((total, payment) => total + payment.unallocated, 0);
  return (
    <section className="payments-block" aria-label={title}>
      <div className="list-heading">
        <h2>{title}</h2>
        {can('payments.write') && (
          <button type="button" className="button button--primary" onClick={() => void record()}>
            {RECORD_TITLE}
          </button>
        )}
      </div>
      {!payments && <p className="list-loading">Please Wait</p>}
      {payments?.length === 0 && <p className="empty-state">No payments recorded{clientName ? ` from ${clientName}` : ''} yet.</p>}
      {payments && payments.length > 0 && (
        <>
          {onAccount > 0 && <p className="paid-summary">On account: {rupees(Math.round(onAccount * 100) / 100)} not yet put on any bill (Allocate puts it on one).</p>}
          <div className="table-scroll">
            <table className="bill-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">Receipt No.</th>
                  <th scope="col">Date</th>
                  {!clientName && <th scope="col">Client</th>}
                  <th scope="col">Mode</th>
                  <th scope="col" className="col-grandtotal">Amount</th>
                  <th scope="col">Settled</th>
                  <th scope="col" className="col-grandtotal">On account</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((payment) => (
                  <tr key={payment._id}>
                    <td>{payment.receiptno}</td>
                    <td>{displayDate(payment.date)}</td>
                    {!clientName && <td>{payment.clientname}</td>}
                    <td>{modeName(payment.mode)}{payment.reference ? ` · ${payment.reference}` : ''}</td>
                    <td className="col-grandtotal">
                      {rupees(payment.amount)}
                      {payment.tds && <small className="payment-tds">+ TDS {rupees(payment.tds.amount)} u/s {payment.tds.section}</small>}
                    </td>
                    <td>{payment.allocations.map((share) => `${share.printedno}: ${rupees(share.amount)}`).join(', ') || '—'}</td>
                    <td className="col-grandtotal">{rupees(payment.unallocated)}</td>
                    <td>
                      <div className="payments-actions">
                        <button type="button" className="button button--small" aria-label={`Receipt ${payment.receiptno}`} onClick={() => void receipt(payment)}>
                          Receipt
                        </button>
                        {can('payments.write') && (
                          <button type="button" className="button button--small" aria-label={`Allocate ${payment.receiptno}`} onClick={() => void record(payment)}>
                            Allocate
                          </button>
                        )}
                        {can('payments.delete') && (
                          <button type="button" className="button button--small button--danger" aria-label={`Delete ${payment.receiptno}`} onClick={() => void remove(payment)}>
                            Delete
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
