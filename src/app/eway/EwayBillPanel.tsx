import { useState, type FormEvent } from 'react';
import { hasEInvoice } from '../../engine/core/e-invoice';
import { hasEwayBill } from '../../engine/core/eway-bill';
import { useApi } from '../api/ApiContext';
import { useCan } from '../auth/can';
import { downloadJson } from '../ui/json-file';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import type { EwayBillRef } from './eway-api';
import '../styles/eway.css';

/** A printed number as part of a file name: "GI/26-27/0042" -> "GI-26-27-0042". */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-');

const EMPTY_REPLY = { ewbNo: '', ewbDate: '', validUpto: '' };

/**
 * Issue 33: below a GST goods bill's edit screen (a type whose schema has the transport block), its e-way bill:
 * the portal's bulk-upload JSON of this bill to download, and the portal's answer (number, date, validity) typed
 * back, which the PDF prints from then on; below a B2B bill's or note's (core hasEInvoice), its e-invoice JSON.
 * What a file still needs is said in the server's words.
 */
export default function EwayBillPanel(bill: EwayBillRef) {
  // Recording the portal's answer writes to the bill: a role that only reads gets the files alone (issue 45).
  const mayRecord = useCan()('bills.register');
  const { eway } = useApi();
  const [reply, setReply] = useState(EMPTY_REPLY);
  const [busy, setBusy] = useState(false);
  const ewayBill = hasEwayBill(bill.billType);
  const eInvoice = hasEInvoice(bill.billType);
  if (!ewayBill && !eInvoice) return null;

  const exportJson = async () => {
    setBusy(true);
    try {
      const file = await eway.ewayBillFile([bill]);
      const docNo = file.billLists[0]?.docNo ?? String(bill.billno);
      downloadJson(file, `EWB-${fileSafe(docNo)}.json`);
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const exportEInvoice = async () => {
    setBusy(true);
    try {
      const document = await eway.eInvoiceFile(bill);
      downloadJson(document, `EINV-${fileSafe(document.DocDtls.No)}.json`);
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      showSuccessToast(await eway.saveEwayBill(bill, reply));
      setReply(EMPTY_REPLY);
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  };

  const field = (name: keyof typeof EMPTY_REPLY, label: string, placeholder: string) => (
    <label>
      {label}
      <input
        name={name}
        value={reply[name]}
        placeholder={placeholder}
        onChange={(event) => setReply({ ...reply, [name]: event.target.value })}
      />
    </label>
  );

  return (
    <section className="eway-panel" aria-labelledby="eway-panel-title">
      <h2 id="eway-panel-title">{[ewayBill && 'E-way bill', eInvoice && 'e-invoice'].filter(Boolean).join(' and ').replace(/^e/, 'E')}</h2>
      <div className="eway-panel__actions">
        {ewayBill && (
          <button type="button" className="button" disabled={busy} onClick={() => void exportJson()}>
            E-Way Bill JSON
          </button>
        )}
        {eInvoice && (
          <button type="button" className="button" disabled={busy} onClick={() => void exportEInvoice()}>
            E-Invoice JSON
          </button>
        )}
      </div>
      {ewayBill && mayRecord && (
        <form className="eway-panel__form" onSubmit={(event) => void save(event)}>
          {field('ewbNo', 'E-Way Bill No.', '3410 1234 5678')}
          {field('ewbDate', 'E-Way Bill Date', '28/11/2026 10:15 AM')}
          {field('validUpto', 'Valid Upto', '29/11/2026 11:59 PM')}
          <button type="submit" className="button button--small">
            Save E-Way Bill No.
          </button>
        </form>
      )}
    </section>
  );
}
