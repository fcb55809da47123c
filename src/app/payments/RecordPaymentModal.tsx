import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { DayInput } from '../ui/DayInput';
// getpayments names an allocation's year as a number (2026), the lists by its label ("2026-27").
import { financialYearLabel, financialYearOfDate, localIsoDay } from '../../engine/core/financial-year';
import { formatIndian } from '../../engine/core/money';
import { tdsSectionsOn } from '../../engine/core/payment-check';
import type { TdsSpec } from '../../engine/core/registry/payments';
import { useApi } from '../api/ApiContext';
import { ApiError } from '../api/error-message';
import { displayDate } from '../bills/format-date';
import { registry } from '../registry';
import { usePaymentsApi } from './use-payments-api';
import { ConfirmModal } from '../ui/ConfirmModal';
import { downloadBlob } from '../ui/download';
import { selectOnTap } from '../ui/select-on-tap';
import { showErrorToast } from '../ui/toasts';
import { allocationsToSave, autoAllocate, billKey, checkAllocations, openBills, paiseInput, paymentMessage, typedPaise, type OpenBill } from './allocation';
import type { SavedPayment } from './payments-api';
import { paymentsSpec } from './payments-spec';
import '../styles/payments.css';

export const RECORD_TITLE = 'Record Payment';
export const RECEIPT_BUTTON = 'Download Receipt';

/** The bill the form was opened from: its share is filled first. */
export interface PaidBill {
  billtype: string;
  billno: number;
  /** "2026-27"; else the year of `date` (a bill just saved). */
  fy?: string;
  date?: string;
}

export interface RecordPaymentProps {
  unit: string;
  /** The client paying; asked in the form when not given. */
  clientName?: string;
  bill?: PaidBill;
  /** A saved payment to change (its on-account money allocated later): same receipt number. */
  payment?: SavedPayment;
  /** Called with the receipt number once saved, or nothing when closed without saving. */
  onClose(saved?: string): void;
}

function yearOf(date: string | undefined): string | undefined {
  const year = financialYearOfDate(date);
  return year === undefined ? undefined : financialYearLabel(year);
}

const rupeesText = (paise: number) => `₹ ${formatIndian(paise / 100)}`;

/** Whole paise a payment settles bills with: the money received and the TDS. */
const settles = (values: { amount: string; tdsSection: string; tdsAmount: string }) =>
  (typedPaise(values.amount) ?? 0) + (values.tdsSection ? (typedPaise(values.tdsAmount) ?? 0) : 0);

/** The receipt's file name: "R-3-Kaveri Agro Industries.pdf", as the server names it. */
export const receiptFileName = (receiptno: string, clientName: string) => `${receiptno.replace(/\//g, '-')}-${clientName}.pdf`;

/**
 * Issue 29: a payment received from a client: date, amount, mode, reference and notes (payments.json), split over
 * the client's open sales bills, each share at most what the bill still asks; the rest stays on account. Once saved
 * it offers the receipt PDF. Loaded only when opened.
 */
export default function RecordPaymentModal({ unit, clientName, bill, payment, onClose }: RecordPaymentProps) {
  const { services } = useApi();
  const payments = usePaymentsApi();
  const id = useId();
  const [client, setClient] = useState(payment?.clientname ?? clientName ?? '');
  const [loadedFor, setLoadedFor] = useState<string>();
  const [bills, setBills] = useState<OpenBill[]>();
  const [form, setForm] = useState({
    date: payment?.date ?? localIsoDay(),
    amount: payment ? payment.amount.toFixed(2) : '',
    mode: payment?.mode ?? Object.keys(paymentsSpec.modes)[0],
    reference: payment?.reference ?? '',
    notes: payment?.notes ?? '',
    tdsSection: payment?.tds?.section ?? '',
    tdsAmount: payment?.tds ? payment.tds.amount.toFixed(2) : '',
  });
  /** The form as last rendered: the client's bills arrive later and go by what was typed meanwhile. */
  const typed = useRef(form);
  typed.current = form;
  const amountInput = useRef<HTMLInputElement>(null);
  /** The server's words when the TDS is above the usual share, until the operator saves anyway or goes back. */
  const [unusualTds, setUnusualTds] = useState<string>();
  const [shares, setShares] = useState<Record<string, string>>({});
  /** Shares the operator typed stay as typed; until then they follow the amount and the TDS, oldest bill first. */
  const [sharesTyped, setSharesTyped] = useState(Boolean(payment));
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<{ id: string; receiptno: string; msg: string }>();
  const [tried, setTried] = useState(false);
  const fixedClient = Boolean(payment || clientName || bill);
  const billYear = bill && (bill.fy ?? yearOf(bill.date));

  const loadBills = async (name: string) => {
    if (!name.trim() || name === loadedFor) return;
    setLoadedFor(name);
    setBills(undefined);
    try {
      const own = new Map((payment?.allocations ?? []).map((share) => [`${share.billtype}/${financialYearLabel(share.fy)}/${share.billno}`, Math.round(share.amount * 100)]));
      const open = openBills(await payments.clientBills(unit, name), own);
      setBills(open);
      if (payment) setShares(Object.fromEntries(open.map((entry) => [entry.key, own.has(entry.key) ? paiseInput(own.get(entry.key)!) : ''])));
      else {
        const first = open.find((entry) => bill && entry.bill.billType.type === bill.billtype && entry.bill.billno === bill.billno && (!billYear || entry.bill.fy === billYear));
        // Opened from a bill: the amount is what it still asks, all of it on that bill, unless one was typed meanwhile
        // or the operator is in the field, about to type one (what they type would run on from it).
        const typing = document.activeElement === amountInput.current;
        if (first && !typing) setForm((before) => (before.amount === '' ? { ...before, amount: paiseInput(first.limit) } : before));
        const amountTyped = typed.current.amount !== '';
        setShares(autoAllocate(open, amountTyped ? settles(typed.current) : first ? first.limit : 0, first?.key));
      }
    } catch (error) {
      showErrorToast((error as Error).message);
      setBills([]);
    }
  };

  useEffect(() => {
    if (client || !bill) {
      if (fixedClient) void loadBills(client);
      return;
    }
    // Opened from a bill alone (PDF Generated): its client is the saved bill's.
    const billType = registry.byType(bill.billtype);
    if (!billType) return;
    services.loadBill(billType, bill.billno, billYear).then(
      (row) => {
        const name = String(row?.[billType.roles.clientName.name] ?? '');
        setClient(name);
        void loadBills(name);
      },
      (error: Error) => showErrorToast(error.message),
    );
    // Once, for the client or bill the form was opened for.
  }, []);

  const tdsText = form.tdsSection ? form.tdsAmount : '';
  const check = useMemo(() => checkAllocations(form.amount, bills ?? [], shares, tdsText), [form.amount, bills, shares, tdsText]);

  // The client's open bills are still on their way: a payment saved now would settle none of them (all on account).
  const billsLoading = client.trim() !== '' && loadedFor !== undefined && !bills;

  const save = async (confirmTds = false) => {
    if (billsLoading) return;
    setTried(true);
    if (!client.trim()) return showErrorToast(paymentMessage('client'));
    if (check.problem || Object.keys(check.problems).length > 0) return showErrorToast(check.problem ?? Object.values(check.problems)[0]);
    setBusy(true);
    setUnusualTds(undefined);
    try {
      const { tdsSection, tdsAmount, ...fields } = form;
      const answer = await payments.save(unit, {
        ...(payment && { _id: payment._id }),
        clientname: client.trim(),
        ...fields,
        allocations: allocationsToSave(bills ?? [], shares),
        ...(tdsSection && { tds: { section: tdsSection, amount: tdsAmount }, confirmtds: confirmTds }),
      });
      setSaved({ id: answer._id, receiptno: answer.receiptno, msg: answer.msg });
    } catch (error) {
      if (error instanceof ApiError && error.confirm === 'tds') setUnusualTds(error.message);
      else showErrorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const downloadReceipt = async () => {
    if (!saved) return;
    try {
      downloadBlob(await payments.receipt(unit, saved.id), receiptFileName(saved.receiptno, client.trim()));
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  };

  if (saved) {
    return (
      <ConfirmModal
        image="success"
        title={`Receipt ${saved.receiptno}`}
        description={saved.msg}
        leftButton={{ label: RECEIPT_BUTTON, onClick: () => void downloadReceipt() }}
        rightButton={{ label: 'Okay', onClick: () => onClose(saved.receiptno), tone: 'primary' }}
        onClose={() => onClose(saved.receiptno)}
      />
    );
  }

  if (unusualTds) {
    return (
      <ConfirmModal
        image="document"
        title="Unusual TDS"
        description={unusualTds}
        leftButton={{ label: 'Cancel', onClick: () => setUnusualTds(undefined) }}
        rightButton={{ label: 'Save Anyway', onClick: () => void save(true), tone: 'primary' }}
        onClose={() => setUnusualTds(undefined)}
      />
    );
  }

  const firstKey = bill && billKey({ billType: { type: bill.billtype }, billno: bill.billno, fy: billYear ?? '' });
  const setField = (key: keyof typeof form, value: string) => {
    const next = { ...form, [key]: value };
    setForm(next);
    // Issue 50: an amount below what the bills owe goes on them at once (part payments), the bill opened from first.
    if (!sharesTyped && bills && (key === 'amount' || key === 'tdsSection' || key === 'tdsAmount')) setShares(autoAllocate(bills, settles(next), firstKey));
  };
  const input = (key: 'amount' | 'reference', label: string, extra: object = {}) => (
    <p className="modal-field payment-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} ref={key === 'amount' ? amountInput : undefined} value={form[key]} onChange={(event) => setField(key, event.target.value)} {...extra} />
    </p>
  );

  return (
    <ConfirmModal
      image="document"
      title={payment ? `${RECORD_TITLE} · Receipt ${payment.receiptno}` : RECORD_TITLE}
      wide
      leftButton={{ label: 'Cancel', onClick: () => onClose() }}
      rightButton={{ label: busy || billsLoading ? 'Please Wait' : 'Save Payment', onClick: () => void save(), tone: 'primary' }}
      onClose={() => onClose()}
    >
      <div className="payment-form">
        <p className="modal-field payment-field payment-field--wide">
          <label htmlFor={`${id}-client`}>Client Company Name</label>
          <input
            id={`${id}-client`}
            value={client}
            readOnly={fixedClient}
            aria-invalid={(tried && !client.trim()) || undefined}
            onChange={(event) => setClient(event.target.value)}
            onBlur={() => void loadBills(client)}
          />
        </p>
        <p className="modal-field payment-field">
          <label htmlFor={`${id}-date`}>Date</label>
          <DayInput id={`${id}-date`} value={form.date} required onChange={(date) => setField('date', date)} />
        </p>
        {input('amount', 'Amount (₹)', { ...selectOnTap, inputMode: 'decimal', 'aria-invalid': (tried || form.amount !== '') && check.amount === undefined ? true : undefined })}
        <p className="modal-field payment-field">
          <label htmlFor={`${id}-mode`}>Mode</label>
          <select id={`${id}-mode`} value={form.mode} onChange={(event) => setField('mode', event.target.value)}>
            {Object.entries(paymentsSpec.modes).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </p>
        {input('reference', paymentsSpec.fields.reference.title, { maxLength: paymentsSpec.fields.reference.maxLength })}
        {paymentsSpec.tds && (
          <TdsFields id={id} tds={paymentsSpec.tds} date={form.date} section={form.tdsSection} amount={form.tdsAmount} invalid={form.tdsSection !== '' && check.tds === undefined} onChange={setField} />
        )}
        <p className="modal-field payment-field payment-field--wide">
          <label htmlFor={`${id}-notes`}>{paymentsSpec.fields.notes.title}</label>
          <textarea id={`${id}-notes`} rows={2} maxLength={paymentsSpec.fields.notes.maxLength} value={form.notes} onChange={(event) => setField('notes', event.target.value)} />
        </p>
      </div>
      <AllocationTable
        id={id}
        bills={bills}
        loading={billsLoading}
        shares={shares}
        problems={check.problems}
        onChange={(key, value) => {
          setSharesTyped(true);
          setShares({ ...shares, [key]: value });
        }}
      />
      <p className="payment-summary" aria-live="polite">
        <span>Settled {rupeesText(check.allocated)}</span>
        {(check.tds ?? 0) > 0 && <span>of which TDS {rupeesText(check.tds!)}</span>}
        <span>On account {rupeesText(check.onAccount)}</span>
        {check.problem && form.amount !== '' && <span className="payment-problem" role="alert">{check.problem}</span>}
      </p>
      {bills && bills.length > 0 && check.amount !== undefined && (
        <button type="button" className="button button--small" onClick={() => setShares(autoAllocate(bills, settles(form), firstKey))}>
          Settle oldest first
        </button>
      )}
    </ConfirmModal>
  );
}

interface TdsFieldsProps {
  id: string;
  tds: TdsSpec;
  date: string;
  section: string;
  amount: string;
  invalid: boolean;
  onChange(key: 'tdsSection' | 'tdsAmount', value: string): void;
}

/** Issue 46: the TDS the client deducted, under a section that applies on the payment's date (payments.json). */
function TdsFields({ id, tds, date, section, amount, invalid, onChange }: TdsFieldsProps) {
  const sections = tdsSectionsOn(tds, date || localIsoDay());
  return (
    <>
      <p className="modal-field payment-field">
        <label htmlFor={`${id}-tds-section`}>TDS deducted u/s</label>
        <select id={`${id}-tds-section`} value={section} onChange={(event) => onChange('tdsSection', event.target.value)}>
          <option value="">No TDS</option>
          {[...sections, ...(section && !sections.includes(section) ? [section] : [])].map((code) => (
            <option key={code} value={code}>
              {tds.sections[code]?.label ?? code}
            </option>
          ))}
        </select>
      </p>
      <p className="modal-field payment-field">
        <label htmlFor={`${id}-tds-amount`}>TDS (₹)</label>
        <input
          id={`${id}-tds-amount`}
          {...selectOnTap}
          inputMode="decimal"
          disabled={!section}
          value={section ? amount : ''}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange('tdsAmount', event.target.value)}
        />
      </p>
    </>
  );
}

interface AllocationTableProps {
  id: string;
  bills?: OpenBill[];
  loading: boolean;
  shares: Record<string, string>;
  problems: Record<string, string>;
  onChange(key: string, value: string): void;
}

/** The client's open bills, each with what it asks and the share of this payment it takes. */
function AllocationTable({ id, bills, loading, shares, problems, onChange }: AllocationTableProps) {
  if (loading) return <p className="payment-note">Please Wait</p>;
  if (!bills) return <p className="payment-note">The client's unpaid bills show here.</p>;
  if (bills.length === 0) return <p className="payment-note">No unpaid bills: the whole amount stays on account.</p>;
  return (
    <div className="payment-bills">
      <table>
        <caption>Settles these bills</caption>
        <thead>
          <tr>
            <th scope="col">Bill</th>
            <th scope="col">Date</th>
            <th scope="col">Balance</th>
            <th scope="col">Settle (₹)</th>
          </tr>
        </thead>
        <tbody>
          {bills.map((open) => (
            <tr key={open.key}>
              <th scope="row">{open.label}</th>
              <td>{displayDate(open.bill.date)}</td>
              <td>{rupeesText(open.limit)}</td>
              <td>
                <input
                  {...selectOnTap}
                  id={`${id}-${open.key}`}
                  aria-label={`Settle ${open.label}`}
                  inputMode="decimal"
                  value={shares[open.key] ?? ''}
                  aria-invalid={problems[open.key] ? true : undefined}
                  aria-describedby={problems[open.key] ? `${id}-${open.key}-problem` : undefined}
                  onChange={(event) => onChange(open.key, event.target.value)}
                />
                {problems[open.key] && (
                  <small id={`${id}-${open.key}-problem`} className="payment-problem">
                    {problems[open.key]}
                  </small>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
