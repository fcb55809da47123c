import { useState, type FormEvent } from 'react';
import { useApi } from '../api/ApiContext';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import type { EwayBillRef } from './eway-api';

const EMPTY = { Irn: '', AckNo: '', AckDt: '', SignedQRCode: '' };

/**
 * The IRP's answer to the e-invoice JSON typed back on screen (issue 50): IRN, Ack No., Ack date and the signed QR,
 * which the PDF prints from then on. The server checks each in its own words.
 */
export function IrnReplyForm({ bill, onSaved }: { bill: EwayBillRef; onSaved(): void }) {
  const { eway } = useApi();
  const [reply, setReply] = useState(EMPTY);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      showSuccessToast(await eway.saveIrn(bill, reply));
      setReply(EMPTY);
      onSaved();
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  };

  const field = (name: keyof typeof EMPTY, label: string, placeholder: string) => (
    <label>
      {label}
      <input name={name} value={reply[name]} placeholder={placeholder} onChange={(event) => setReply({ ...reply, [name]: event.target.value })} />
    </label>
  );

  return (
    <form className="eway-panel__form" aria-label="IRP answer" onSubmit={(event) => void save(event)}>
      {field('Irn', 'IRN', '64 characters')}
      {field('AckNo', 'Ack No.', '112610012345678')}
      {field('AckDt', 'Ack Date', '2026-11-28 10:15:00')}
      <label className="eway-panel__wide">
        Signed QR Code
        <textarea name="SignedQRCode" rows={2} value={reply.SignedQRCode} onChange={(event) => setReply({ ...reply, SignedQRCode: event.target.value })} />
      </label>
      <button type="submit" className="button button--small">
        Save IRN
      </button>
    </form>
  );
}
