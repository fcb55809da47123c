import { useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext';
import { ConfirmModal } from '../ui/ConfirmModal';
import { MailDraftFields, splitAddresses } from './MailDraftFields';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import type { ClientMailDraft, ClientMailKind, Period } from './receivables-api';
import '../styles/mail.css';

interface ClientMailModalProps {
  unit: string;
  kind: ClientMailKind;
  clientname: string;
  /** A statement's period. */
  period?: Period;
  onClose(): void;
}

const TITLES: Record<ClientMailKind, string> = {
  statement: 'E-mail statement',
  reminder: 'E-mail reminder',
};
const NOTES: Record<ClientMailKind, string> = {
  statement: 'The statement PDF goes with it as an attachment.',
  reminder: 'The reminder names the overdue bills and the amount due.',
};

/**
 * Issue 32 part 3: a client's statement or payment reminder by e-mail. To (the client's saved e-mail), Cc, and the
 * subject and body of payments.json's template, all editable; the server queues it and the client's log shows how
 * it went.
 */
export default function ClientMailModal({ unit, kind, clientname, period, onClose }: ClientMailModalProps) {
  const { receivables } = useApi();
  const [draft, setDraft] = useState<Record<keyof ClientMailDraft, string>>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    receivables.clientDraft(unit, kind, clientname, period).then(
      (answer) =>
        current &&
        setDraft({
          ...answer,
          to: answer.to.join(', '),
          cc: answer.cc.join(', '),
        }),
      (error: Error) => {
        showErrorToast(error.message);
        onClose();
      },
    );
    return () => {
      current = false;
    };
    // Loaded once, for the client and period the dialog opened on.
  }, []);

  const send = async () => {
    if (!draft || busy) return;
    setBusy(true);
    try {
      showSuccessToast(await receivables.sendClientMail(unit, kind, clientname, { ...draft, to: splitAddresses(draft.to), cc: splitAddresses(draft.cc) }, period));
      onClose();
    } catch (error) {
      showErrorToast((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <ConfirmModal
      image="document"
      title={`${TITLES[kind]}: ${clientname}`}
      description={draft ? NOTES[kind] : 'Please Wait'}
      leftButton={{ label: 'Cancel', onClick: onClose }}
      rightButton={{
        label: busy ? 'Please Wait' : 'Send',
        onClick: () => void send(),
        tone: 'primary',
      }}
      onClose={onClose}
    >
      {draft && <MailDraftFields draft={draft} onChange={setDraft} />}
    </ConfirmModal>
  );
}
