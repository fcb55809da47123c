import { useEffect, useId, useState } from 'react';
import { DayInput } from '../ui/DayInput';
import { Link } from 'react-router-dom';
import type { Unit } from '../../engine/core';
import { formatIndian } from '../../engine/core/money';
import { useApi } from '../api/ApiContext';
import { useCan } from '../auth/can';
import { displayDate } from '../bills/format-date';
import { CLIENTS_PATH } from '../layout/header-links';
import { lazyScreen } from '../lazy-screen';
import { useOpenModal } from '../ui/ModalProvider';
import { showErrorToast } from '../ui/toasts';
import type { ClientReceivable, Receivables } from './receivables-api';
import { SEARCH_DELAY_MS, useDebounced } from '../bills/useBillList';
import { ROWS_SHOWN } from './rows-shown';

const ClientStatementModal = lazyScreen(() => import('./ClientStatementModal'));
const ClientMailModal = lazyScreen(() => import('./ClientMailModal'));

type Figure = 'outstanding' | 'notdue' | 'd1_30' | 'd31_60' | 'd61_90' | 'd90plus';
/** The columns of figures, as the receivables endpoint names them. */
const FIGURES: ReadonlyArray<[Figure, string]> = [
  ['outstanding', 'Outstanding'],
  ['notdue', 'Not due'],
  ['d1_30', '1–30 days'],
  ['d31_60', '31–60 days'],
  ['d61_90', '61–90 days'],
  ['d90plus', 'Over 90 days'],
];

const money = (rupees: number) => `₹ ${formatIndian(rupees.toFixed(2))}`;
const overdue = (client: ClientReceivable) => client.d1_30 + client.d31_60 + client.d61_90 + client.d90plus > 0;
export const clientPath = (name: string) => `${CLIENTS_PATH}?client=${encodeURIComponent(name)}`;

/**
 * Issue 29 item 3: what each client of a unit owes as of a day, aged by days past due, most owed first, with the
 * totals; each client opens on the Clients screen; its statement, a WhatsApp reminder and an e-mailed one (issue 32).
 */
export default function ReceivablesPage({ unit }: { unit: Unit }) {
  const api = useApi();
  const maySend = useCan()('bills.send');
  const openModal = useOpenModal();
  const id = useId();
  const [asof, setAsof] = useState('');
  const [answer, setAnswer] = useState<Receivables>();
  const [loading, setLoading] = useState(true);
  const [search, setSearch] = useState('');
  const wanted = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const [shown, setShown] = useState(ROWS_SHOWN);

  // The first page for the day and search; "Show more" asks for the next one and adds it.
  useEffect(() => {
    let current = true;
    setLoading(true);
    const offset = shown - ROWS_SHOWN;
    api.receivables.receivables(unit.slug, asof || undefined, { offset, limit: ROWS_SHOWN, ...(wanted && { search: wanted }) }).then(
      (found) => {
        if (!current) return;
        setAnswer((earlier) => (offset > 0 && earlier ? { ...found, clients: [...earlier.clients.slice(0, offset), ...found.clients] } : found));
        setLoading(false);
      },
      (error: Error) => {
        if (!current) return;
        showErrorToast(error.message);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [api, unit.slug, asof, wanted, shown]);

  const statement = (clientname: string) =>
    void openModal<void>(
      (close) => <ClientStatementModal unit={unit.slug} unitLabel={unit.menuLabel} clientname={clientname} onClose={() => close()} />,
      undefined,
    );
  const emailReminder = (clientname: string) =>
    void openModal<void>((close) => <ClientMailModal unit={unit.slug} kind="reminder" clientname={clientname} onClose={() => close()} />, undefined);

  const clients = answer?.clients ?? [];
  const rest = (answer?.count ?? 0) - clients.length;
  return (
    <section className="list-page receivables-page" aria-labelledby={`${id}-title`}>
      <div className="list-heading">
        <h1 id={`${id}-title`}>Receivables: {unit.menuLabel}</h1>
      </div>
      <div className="list-toolbar">
        <label htmlFor={`${id}-asof`}>As of</label>
        <DayInput
          id={`${id}-asof`}
          className="list-date"
          value={asof || answer?.asof || ''}
          onChange={(day) => {
            setAsof(day);
            setShown(ROWS_SHOWN);
          }}
        />
        <label htmlFor={`${id}-search`}>Search</label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Client name"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setShown(ROWS_SHOWN);
          }}
        />
        {loading && <span className="list-loading">Please Wait</span>}
      </div>
      {answer && answer.totals.outstanding === 0 && answer.count === 0 ? (
        <p className="empty-state">
          Nothing is owed to {unit.menuLabel} as of {displayDate(answer.asof)}.
        </p>
      ) : (
        <div className="table-scroll">
          <table className="bill-table receivables-table card-table" aria-busy={loading}>
            <caption className="visually-hidden">Receivables as of {answer ? displayDate(answer.asof) : ''}</caption>
            <thead>
              <tr>
                <th scope="col">Client</th>
                {FIGURES.map(([key, title]) => (
                  <th key={key} scope="col" className="figure">
                    {title}
                  </th>
                ))}
                <th scope="col">Oldest due</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {clients.map((client) => (
                <tr key={client.clientname}>
                  <th scope="row" className="card-value" data-label="Client">
                    <Link to={clientPath(client.clientname)}>{client.clientname}</Link>
                  </th>
                  {FIGURES.map(([key, title]) => (
                    <td key={key} className="figure card-value" data-label={title}>
                      {money(client[key])}
                    </td>
                  ))}
                  <td className="card-value" data-label="Oldest due">
                    {client.oldestdue ? displayDate(client.oldestdue) : ''}
                  </td>
                  <td className="card-actions">
                    <div className="receivables-actions">
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={`Statement of ${client.clientname}`}
                        onClick={() => statement(client.clientname)}
                      >
                        Statement
                      </button>
                      {overdue(client) && (
                        <>
                          <button
                            type="button"
                            className="button button--small"
                            aria-label={`Remind on WhatsApp: ${client.clientname}`}
                            onClick={() => void api.receivables.remindOnWhatsApp(unit.slug, client.clientname)}
                          >
                            Remind on WhatsApp
                          </button>
                          {maySend && (
                            <button
                              type="button"
                              className="button button--small"
                              aria-label={`E-mail reminder to ${client.clientname}`}
                              onClick={() => emailReminder(client.clientname)}
                            >
                              E-mail reminder
                            </button>
                          )}
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
            {answer && (
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  {FIGURES.map(([key, title]) => (
                    <td key={key} className="figure card-value" data-label={title}>
                      {money(answer.totals[key])}
                    </td>
                  ))}
                  <td colSpan={2} />
                </tr>
              </tfoot>
            )}
          </table>
          {wanted && answer?.count === 0 && <p className="empty-state">No client named like "{wanted}" owes anything.</p>}
          {rest > 0 && (
            <p className="list-more">
              Showing {clients.length.toLocaleString('en-IN')} of {(answer?.count ?? 0).toLocaleString('en-IN')} clients.{' '}
              <button type="button" className="button button--small" disabled={loading} onClick={() => setShown(clients.length + ROWS_SHOWN)}>
                Show {Math.min(rest, ROWS_SHOWN)} more
              </button>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
