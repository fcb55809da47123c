import { useCallback, useEffect, useState } from 'react';
import type { RegistryIndex, Unit } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import { useCan } from '../auth/can';
import { lazyScreen } from '../lazy-screen';
import { useOpenModal } from '../ui/ModalProvider';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import type { ClientSend } from './receivables-api';
import '../styles/mail.css';

const ClientStatementModal = lazyScreen(() => import('./ClientStatementModal'));
const ClientMailModal = lazyScreen(() => import('./ClientMailModal'));

const STATUS_TEXT = {
  queued: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
} as const;
const KIND_TEXT = { statement: 'Statement', reminder: 'Reminder' } as const;

/** The statements and reminders e-mailed to the client from a unit, newest first, a failed one with Retry. */
function ClientSendLog({ unit, name, version }: { unit: Unit; name: string; version: number }) {
  const { mail, receivables } = useApi();
  const [sends, setSends] = useState<ClientSend[]>([]);
  const load = useCallback(() => receivables.clientLog(unit.slug, name).then(setSends, () => undefined), [receivables, unit.slug, name]);
  useEffect(() => {
    void load();
  }, [load, version]);
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
    <ul className="send-log" aria-label={`E-mailed from ${unit.menuLabel}`}>
      {sends.map((send) => (
        <li key={send._id}>
          <span className={`send-log__status--${send.status}`}>{STATUS_TEXT[send.status]}</span>
          <span>
            {KIND_TEXT[send.kind]} to {send.to.join(', ')}
          </span>
          <span>
            {new Date(send.sentat ?? send.at).toLocaleString('en-IN', {
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
          </span>
          {send.status === 'failed' && (
            <button type="button" className="button button--small" onClick={() => void retry(send._id)}>
              Retry
            </button>
          )}
          {send.error && <span className="send-log__error">{send.error}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * On the Clients screen, beside a client's bills: for each unit that sells, the client's statement, a reminder on
 * WhatsApp and by e-mail (issues 29 and 32), and what was e-mailed.
 */
export default function ClientMoney({ registry, name }: { registry: RegistryIndex; name: string }) {
  const api = useApi();
  const maySend = useCan()('bills.send');
  const openModal = useOpenModal();
  const [version, setVersion] = useState(0);
  const units = registry.units.filter((unit) => registry.billTypes.some((billType) => billType.unit === unit.slug && billType.countsAsSales));
  if (units.length === 0) return null;
  const afterMail = () => setVersion((count) => count + 1);

  return (
    <section className="client-money" aria-label={`Statement and reminders of ${name}`}>
      <h2>Statement and reminders</h2>
      {units.map((unit) => (
        <div key={unit.slug}>
          <div className="client-money__unit">
            <strong>{unit.menuLabel}</strong>
            <button
              type="button"
              className="button button--small"
              onClick={() =>
                void openModal<void>(
                  (close) => <ClientStatementModal unit={unit.slug} unitLabel={unit.menuLabel} clientname={name} onClose={() => close()} />,
                  undefined,
                ).then(afterMail)
              }
            >
              Statement
            </button>
            <button type="button" className="button button--small" onClick={() => void api.receivables.remindOnWhatsApp(unit.slug, name)}>
              Remind on WhatsApp
            </button>
            {maySend && (
              <button
                type="button"
                className="button button--small"
                onClick={() =>
                  void openModal<void>((close) => <ClientMailModal unit={unit.slug} kind="reminder" clientname={name} onClose={() => close()} />, undefined).then(
                    afterMail,
                  )
                }
              >
                E-mail reminder
              </button>
            )}
          </div>
          <ClientSendLog unit={unit} name={name} version={version} />
        </div>
      ))}
    </section>
  );
}
