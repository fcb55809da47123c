import { useEffect, useState } from 'react';
import { isMoneyOnAccount } from '../../engine/core/document-kind';
import { financialYearLabel, financialYearOfDate, localIsoDay } from '../../engine/core/financial-year';
import { formatIndian } from '../../engine/core/money';
import type { BillTypeEntry } from '../../engine/core/registry/types';
import { useApi } from '../api/ApiContext';
import { useCan } from '../auth/can';
import { displayDate } from '../bills/format-date';
import { registry } from '../registry';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import type { AdvanceLink, SavedAdvance } from './payments-api';
import { usePaymentsApi } from './use-payments-api';
import '../styles/payments.css';

interface AdvancesPanelProps {
  billType: BillTypeEntry;
  billno: number;
  /** "2025-26" for a bill of another year; this year's when not given. */
  fy?: string;
}

const rupees = (value: number) => `₹${formatIndian(value)}`;
const isAdvance = (billType: BillTypeEntry) => billType.tax && isMoneyOnAccount(billType.kind);
const unitHasAdvances = (unit: string) => registry.billTypes.some((type) => type.unit === unit && isAdvance(type));
const keyOf = (bill: { billtype: string; fy: string; billno: number }) => `${bill.billtype}/${bill.fy}/${bill.billno}`;
/** Whether a link names this bill (its type, number and year). */
const linksTo = (billtype: string, billno: number, fy: string) => (link: AdvanceLink) => link.billtype === billtype && link.billno === billno && link.fy === fy;
const linkLabel = (link: AdvanceLink) => `${registry.byType(link.billtype)?.menuLabel ?? link.billtype} ${link.printedno}`;

/**
 * Issue 46 on an edit screen: a sales bill of a unit with receipt vouchers offers its client's advances, each with
 * the amount to adjust against this bill, and Save (which replaces the bill's adjustments); a receipt voucher lists the
 * invoices it was adjusted against (and the refund vouchers that returned some of it) and what is still open. Nothing
 * shows for other bills.
 */
export default function AdvancesPanel({ billType, billno, fy }: AdvancesPanelProps) {
  const { services } = useApi();
  const payments = usePaymentsApi();
  const can = useCan();
  const [advances, setAdvances] = useState<SavedAdvance[]>();
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const year = fy ?? financialYearLabel(financialYearOfDate(localIsoDay())!);
  const onInvoice = billType.countsAsSales && unitHasAdvances(billType.unit);
  const shown = onInvoice || isAdvance(billType);
  const isThisBill = linksTo(billType.type, billno, year);

  useEffect(() => {
    if (!shown) return;
    let current = true;
    (async () => {
      const row = await services.loadBill(billType, billno, fy);
      const clientName = String(row?.[billType.roles.clientName.name] ?? '');
      if (!row || !clientName) return;
      const all = await payments.advances(billType.unit, clientName);
      if (!current) return;
      setAdvances(all);
      const mine = (advance: SavedAdvance) => advance.adjustments.find(linksTo(billType.type, billno, year))?.amount ?? 0;
      setAmounts(Object.fromEntries(all.map((advance) => [keyOf(advance), mine(advance) ? String(mine(advance)) : ''])));
    })().catch((error: Error) => current && showErrorToast(error.message));
    return () => {
      current = false;
    };
  }, [services, payments, billType, billno, fy, year, attempt, shown]);

  if (!shown || !advances) return null;

  if (!onInvoice) {
    const self = advances.find((advance) => advance.billtype === billType.type && advance.billno === billno && advance.fy === year);
    if (!self) return null;
    return (
      <section className="advances-panel" aria-label="Adjusted against">
        <h2>Adjusted against</h2>
        {self.adjustments.length + self.refunds.length === 0 && <p className="empty-state">Not adjusted against any invoice yet.</p>}
        {self.adjustments.length + self.refunds.length > 0 && (
          <ul>
            {[...self.adjustments, ...self.refunds].map((link) => (
              <li key={keyOf(link)}>{`${linkLabel(link)} of ${displayDate(link.date)}: ${rupees(link.amount)}`}</li>
            ))}
          </ul>
        )}
        <p className="paid-summary" role="status">
          {`Advance ${rupees(self.amount)}, adjusted ${rupees(self.adjusted)}${self.refunded > 0 ? `, refunded ${rupees(self.refunded)}` : ''}, open ${rupees(self.open)}.`}
        </p>
      </section>
    );
  }

  // This bill's own adjustments count as open here: saving replaces them.
  const offered = advances.filter((advance) => advance.open > 0 || advance.adjustments.some(isThisBill));
  const openFor = (advance: SavedAdvance) => advance.open + (advance.adjustments.find(isThisBill)?.amount ?? 0);
  const save = async () => {
    setSaving(true);
    try {
      const chosen = offered.filter((advance) => (amounts[keyOf(advance)] ?? '').trim() !== '');
      const msg = await payments.adjustAdvances(billType.unit, {
        invoice: { billtype: billType.type, billno, fy: year },
        advances: chosen.map((advance) => ({ billtype: advance.billtype, billno: advance.billno, fy: advance.fy, amount: amounts[keyOf(advance)].trim() })),
      });
      showSuccessToast(msg);
      setAttempt((count) => count + 1);
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="advances-panel" aria-label="Advances">
      <h2>Advances</h2>
      {offered.length === 0 && <p className="empty-state">This client has no open advances.</p>}
      {offered.length > 0 && (
        <div className="table-scroll">
          <table className="bill-table">
            <caption className="visually-hidden">Advances of this client</caption>
            <thead>
              <tr>
                <th scope="col">Voucher</th>
                <th scope="col" className="col-grandtotal">Open</th>
                <th scope="col" className="col-grandtotal">Adjust here</th>
              </tr>
            </thead>
            <tbody>
              {offered.map((advance) => (
                <tr key={keyOf(advance)}>
                  <td>
                    {linkLabel(advance)}
                    <small className="advances-panel__detail">{`${displayDate(advance.date)} · ${rupees(advance.amount)}`}</small>
                  </td>
                  <td className="col-grandtotal">{rupees(openFor(advance))}</td>
                  <td className="col-grandtotal">
                    <input
                      className="advances-panel__amount"
                      inputMode="decimal"
                      aria-label={`Adjust ${advance.printedno}`}
                      value={amounts[keyOf(advance)] ?? ''}
                      disabled={!can('payments.write')}
                      onChange={(event) => setAmounts({ ...amounts, [keyOf(advance)]: event.target.value })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {offered.length > 0 && can('payments.write') && (
        <div className="advances-panel__actions">
          <button type="button" className="button button--primary" disabled={saving} onClick={() => void save()}>
            Save Advances
          </button>
        </div>
      )}
    </section>
  );
}
