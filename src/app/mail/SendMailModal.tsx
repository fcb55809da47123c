import { useEffect, useId, useState } from 'react';
import { financialYearLabel, financialYearOfDate } from '../../engine/core/financial-year';
import { useApi } from '../api/ApiContext';
import type { MailBill, MailDraft } from '../api/mail-api';
import { ConfirmModal } from '../ui/ConfirmModal';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import '../styles/mail.css';

export const SEND_TITLE = 'Send by e-mail';

interface SendMailModalProps extends MailBill {
  /** A bill just saved names its year by its date (a number may be in several years). */
  date?: string;
  onClose(): void;
}

function yearOf(date: string | undefined): string | undefined {
  const year = financialYearOfDate(date);
  return year === undefined ? undefined : financialYearLabel(year);
}

const listText = (addresses: string[]) => addresses.join(', ');

/**
 * Issue 32: To (the client's saved e-mail; several allowed, with commas), Cc, and the subject and body of the
 * type's template, all editable, then Send. The server queues the e-mail and sends it with the bill's PDF; the edit
 * screen shows how it went.
 */
export default function SendMailModal({ onClose, date, ...named }: SendMailModalProps) {
  const bill: MailBill = { ...named, fy: named.fy ?? yearOf(date) };
  const { mail } = useApi();
  const id = useId();
  const [draft, setDraft] = useState<Record<keyof MailDraft, string>>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    mail.draft(bill).then(
      (answer) =>
        current &&
        setDraft({
          ...answer,
          to: listText(answer.to),
          cc: listText(answer.cc),
        }),
      (error: Error) => {
        showErrorToast(error.message);
        onClose();
      },
    );
    return () => {
      current = false;
    };
    // Loaded once, for the bill the dialog opened on.
  }, []);

  const send = async () => {
    if (!draft || busy) return;
    setBusy(true);
    try {
      const split = (text: string) =>
        text
          .split(/[,;]/)
          .map((part) => part.trim())
          .filter(Boolean);
      showSuccessToast(
        await mail.send(bill, {
          ...draft,
          to: split(draft.to),
          cc: split(draft.cc),
        }),
      );
      onClose();
    } catch (error) {
      showErrorToast((error as Error).message);
      setBusy(false);
    }
  };

  const field = (key: keyof MailDraft, label: string, multiline = false) =>
    draft && (
      <p className="modal-field mail-field">
        <label htmlFor={`${id}-${key}`}>{label}</label>
        {multiline ? (
          <textarea
            id={`${id}-${key}`}
            rows={8}
            value={draft[key]}
            onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
          />
        ) : (
          <input
            id={`${id}-${key}`}
            type={key === 'subject' ? 'text' : 'email'}
            multiple={key !== 'subject'}
            value={draft[key]}
            onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
          />
        )}
      </p>
    );

  return (
    <ConfirmModal
      image="document"
      title={SEND_TITLE}
      description={draft ? 'The PDF of the bill goes with it as an attachment.' : 'Please Wait'}
      leftButton={{ label: 'Cancel', onClick: onClose }}
      rightButton={{
        label: busy ? 'Please Wait' : 'Send',
        onClick: () => void send(),
        tone: 'primary',
      }}
      onClose={onClose}
    >
      {field('to', 'To')}
      {field('cc', 'Cc')}
      {field('subject', 'Subject')}
      {field('body', 'Message', true)}
    </ConfirmModal>
  );
}
