import { stateCodeOf, stateName, type ClientsSpec } from '../../engine/core';
import { clientNameKey } from '../../engine/core/clients';
import { formatIndian } from '../../engine/core/money';
import type { SavedClient } from '../api/clients-api';
import { displayDate } from '../bills/format-date';
import type { ClientBalances, UnitBalance } from './useClientBalances';

export interface ClientActions {
  /** Without it (the role may not change clients, issue 45) rows have no Edit; so for onDelete and Delete. */
  onEdit?(client: SavedClient): void;
  onBills(client: SavedClient): void;
  onDelete?(client: SavedClient): void;
}

interface ClientTableProps {
  spec: ClientsSpec;
  clients: SavedClient[];
  loading: boolean;
  actions: ClientActions;
  /** What each client owes per selling unit; without it (not read yet, or a role that may not see payments) no column. */
  balances?: ClientBalances;
}

/** A fill's cell: a GSTIN with the state it names under it. */
function FillCell({ value, gstin, title }: { value: unknown; gstin: boolean; title: string }) {
  const text = value === undefined ? '' : String(value);
  const code = gstin ? stateCodeOf(text) : undefined;
  return (
    <td className={`card-value ${gstin ? 'col-gstin' : 'col-wrap'}`} data-label={title}>
      {text}
      {code && <small className="client-state">{stateName(code)}</small>}
    </td>
  );
}

/** "₹ 6,800.00", each unit's on a line of its own, named when clients owe more than one unit; "—" when nothing is owed. */
function BalanceCell({ owed, named }: { owed: UnitBalance[] | undefined; named: boolean }) {
  return (
    <td className="num card-value client-balance" data-label="Balance">
      {owed?.length
        ? owed.map((entry) => (
            <span key={entry.unit} className="client-balance__unit">
              {named && <small>{entry.label} </small>}₹ {formatIndian(entry.outstanding.toFixed(2))}
            </span>
          ))
        : '—'}
    </td>
  );
}

/** The saved clients, one row each: name, what it fills (address, GSTIN), contact, bill count, balance, last billed, actions. */
export function ClientTable({ spec, clients, loading, actions, balances }: ClientTableProps) {
  const name = (client: SavedClient) => String(client[spec.key.name]);
  const namesUnits = balances !== undefined && new Set([...balances.values()].flat().map((entry) => entry.unit)).size > 1;
  return (
    <div className="table-scroll">
      <table className="bill-table client-table card-table" aria-busy={loading}>
        <caption className="visually-hidden">Clients</caption>
        <thead>
          <tr>
            <th scope="col">{spec.key.title}</th>
            {spec.fills.map((fill) => (
              <th key={fill.name} scope="col">
                {fill.title}
              </th>
            ))}
            <th scope="col">Contact</th>
            <th scope="col" className="num">
              Bills
            </th>
            {balances && (
              <th scope="col" className="num">
                Balance
              </th>
            )}
            <th scope="col">Last Billed</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {clients.map((client) => (
            <tr key={client._id}>
              <td className="col-clientname card-value" data-label={spec.key.title}>
                {name(client)}
              </td>
              {spec.fills.map((fill) => (
                <FillCell key={fill.name} value={client[fill.name]} gstin={fill.role === 'clientGstin'} title={fill.title} />
              ))}
              <td className="col-wrap card-value" data-label="Contact">
                {spec.contact
                  .map((detail) => client[detail.name])
                  .filter(Boolean)
                  .map((value) => (
                    <span key={String(value)} className="client-contact">
                      {String(value)}
                    </span>
                  ))}
              </td>
              <td className="num card-value" data-label="Bills">
                {client.billCount}
              </td>
              {balances && <BalanceCell owed={balances.get(clientNameKey(name(client)))} named={namesUnits} />}
              <td className="card-value" data-label="Last Billed">
                {client.lastBilled ? displayDate(client.lastBilled) : '—'}
              </td>
              <td className="client-actions card-actions">
                {actions.onEdit && (
                  <button type="button" className="button button--small" aria-label={`Edit ${name(client)}`} onClick={() => actions.onEdit?.(client)}>
                    Edit
                  </button>
                )}
                <button type="button" className="button button--small" aria-label={`Bills of ${name(client)}`} onClick={() => actions.onBills(client)}>
                  Bills
                </button>
                {actions.onDelete && (
                  <button
                    type="button"
                    className="button button--small button--danger"
                    aria-label={`Delete ${name(client)}`}
                    onClick={() => actions.onDelete?.(client)}
                  >
                    Delete
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
