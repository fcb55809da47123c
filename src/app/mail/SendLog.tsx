import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext';
import type { MailBill, SendLogEntry } from '../api/mail-api';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import '../styles/mail.css';

const STATUS_TEXT = {
  queued: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
} as const;
/** While a send is under way the log looks again this often, so "Sent" or the failure shows without a reload. */
const QUEUED_POLL_MS = 3000;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/**
 * Issue 32: what was sent of a bill by e-mail and how it went, newest first; a failed one says why in the mail
 * server's words and offers Retry. Nothing shows for a bill never sent.
 */
export default function SendLog(bill: MailBill) {
  const { mail } = useApi();
  const [sends, setSends] = useState<SendLogEntry[]>([]);
  const { billType, billno, fy } = bill;

  const load = useCallback(
    () => mail.log({ billType, billno, fy }).then(setSends, () => undefined),
    [mail, billType, billno, fy],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const underWay = sends.some((send) => send.status === 'queued');
  useEffect(() => {
    if (!underWay) return;
    const timer = setInterval(() => void load(), QUEUED_POLL_MS);
    return () => clearInterval(timer);
  }, [underWay, load]);

  if (sends.length === 0) return null;
  const retry = async (id: number) => {
    try {
      showSuccessToast(await mail.retry(id));
      await load();
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  };
  return (
    <section className="send-log" aria-label="Sent by e-mail">
      <h2>Sent by e-mail</h2>
      <ul>
        {sends.map((send) => (
          <li key={send._id}>
            <span className={`send-log__status--${send.status}`}>{STATUS_TEXT[send.status]}</span>
            <span>to {send.to.join(', ')}</span>
            <span>{when(send.sentat ?? send.at)}</span>
            {send.status === 'failed' && (
              <button type="button" className="button button--small" onClick={() => void retry(send._id)}>
                Retry
              </button>
            )}
            {send.error && <span className="send-log__error">{send.error}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
