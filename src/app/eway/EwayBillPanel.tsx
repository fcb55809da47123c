import { useEffect, useState, type FormEvent } from 'react';
import { hasEInvoice } from '../../engine/core/e-invoice';
import { hasEwayBill, type ClientGap } from '../../engine/core/eway-bill';
import { useApi } from '../api/ApiContext';
import { ApiError } from '../api/error-message';
import { ClientGapForm } from './ClientGapForm';
import { IrnReplyForm } from './IrnReplyForm';
import { useCan } from '../auth/can';
import { downloadJson } from '../ui/json-file';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import type { EwayBillRef } from './eway-api';
import '../styles/eway.css';

/** A printed number as part of a file name: "GI/26-27/0042" -> "GI-26-27-0042". */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-');

const EMPTY_REPLY = { ewbNo: '', ewbDate: '', validUpto: '' };

/** What each file is for and where it goes (issue 50): the operator uploads it on the government's portal. */
const FILE_HINTS = {
  ewayBill:
    'E-Way Bill JSON: this bill as the e-way bill portal\'s bulk upload file. Upload it on ewaybillgst.gov.in under e-Waybill → Generate Bulk, then type the E-Way Bill No. the portal gives back below: the PDF prints it.',
  eInvoice:
    'E-Invoice JSON: this bill as the IRP\'s INV-01 document. Upload it on einvoice1.gst.gov.in under e-Invoice → Bulk Upload (or through your GSP), then type the IRN, Ack No., Ack Date and Signed QR Code it answers below: the PDF prints them.',
};

/** The clients the e-way bill file was refused for, lacking a place or pincode (the 400's `clients`). */
function clientGapsOf(error: unknown): ClientGap[] {
  const clients = error instanceof ApiError ? error.body?.clients : undefined;
  return Array.isArray(clients) ? (clients as ClientGap[]) : [];
}

/**
 * Issue 33: below a GST goods bill's edit screen (a type whose schema has the transport block), its e-way bill:
 * the portal's bulk-upload JSON of this bill to download, and the portal's answer (number, date, validity) typed
 * back, which the PDF prints from then on; below a B2B bill's or note's (core hasEInvoice), its e-invoice JSON and the
 * IRP's answer typed back. Each file says what it is for and where it is uploaded (issue 50). What a file still needs
 * is said in the server's words, and a client's missing place or pincode can be filled in right here.
 */
export default function EwayBillPanel(bill: EwayBillRef) {
  // Recording the portal's answer writes to the bill: a role that only reads gets the files alone (issue 45).
  const mayRecord = useCan()('bills.register');
  const { eway } = useApi();
  const [reply, setReply] = useState(EMPTY_REPLY);
  const [busy, setBusy] = useState(false);
  const [gaps, setGaps] = useState<ClientGap[]>([]);
  const [irn, setIrn] = useState<{ Irn: string; AckNo: string; AckDt: string } | null>(null);
  const [irnVersion, setIrnVersion] = useState(0);
  const ewayBill = hasEwayBill(bill.billType);
  const eInvoice = hasEInvoice(bill.billType);
  const { billType, billno, fy } = bill;
  useEffect(() => {
    if (!eInvoice) return;
    let current = true;
    eway.irnOf({ billType, billno, fy }).then((answer) => current && setIrn(answer), () => undefined);
    return () => {
      current = false;
    };
  }, [eway, eInvoice, billType, billno, fy, irnVersion]);
  if (!ewayBill && !eInvoice) return null;

  const exportJson = async () => {
    setBusy(true);
    try {
      const file = await eway.ewayBillFile([bill]);
      const docNo = file.billLists[0]?.docNo ?? String(bill.billno);
      downloadJson(file, `EWB-${fileSafe(docNo)}.json`);
      setGaps([]);
    } catch (error) {
      setGaps(clientGapsOf(error));
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
      {ewayBill && <p className="eway-panel__hint">{FILE_HINTS.ewayBill}</p>}
      {eInvoice && <p className="eway-panel__hint">{FILE_HINTS.eInvoice}</p>}
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
      {mayRecord &&
        gaps.map((gap) => <ClientGapForm key={gap.name} gap={gap} onSaved={() => setGaps(gaps.filter((other) => other !== gap))} />)}
      {eInvoice && irn && (
        <p className="eway-panel__saved">
          IRN {irn.Irn.slice(0, 12)}… saved: Ack No. {irn.AckNo} of {irn.AckDt}.
        </p>
      )}
      {eInvoice && mayRecord && !irn && <IrnReplyForm bill={bill} onSaved={() => setIrnVersion(irnVersion + 1)} />}
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
