import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Unit } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import { useCan } from '../auth/can';
import { displayDate } from '../bills/format-date';
import { showErrorToast } from '../ui/toasts';
import type { Contract } from './contracts-api';
import { contractRoute, NEW_CONTRACT } from './contracts-path';
import { contractsSpec } from './contracts-spec';
import '../styles/contracts.css';
import { rupees } from './contract-words';

/**
 * Issue 47: a unit's service contracts with their client, next due date, cycles raised of all, status and amount per
 * cycle; search by client; a reminder on each contract ending within the renewal days. Cards on a phone.
 */
export default function ContractsPage({ unit }: { unit: Unit }) {
  const api = useApi();
  const mayWrite = useCan()('contracts.write');
  const id = useId();
  const [contracts, setContracts] = useState<Contract[]>();
  const [search, setSearch] = useState('');

  useEffect(() => {
    let current = true;
    api.contracts.list(unit.slug).then(
      (found) => current && setContracts(found),
      (error: Error) => current && showErrorToast(error.message),
    );
    return () => {
      current = false;
    };
  }, [api, unit.slug]);

  const matching = useMemo(() => {
    const wanted = search.trim().toLowerCase();
    return (contracts ?? []).filter((contract) => !wanted || contract.clientname.toLowerCase().includes(wanted));
  }, [contracts, search]);
  const renewals = (contracts ?? []).filter((contract) => contract.renewal);
  return (
    <section className="list-page contracts-page" aria-labelledby={`${id}-title`}>
      <div className="list-heading">
        <h1 id={`${id}-title`}>Service Contracts: {unit.menuLabel}</h1>
        {mayWrite && (
          <Link className="button button--primary" to={contractRoute(unit, NEW_CONTRACT)}>
            New Contract
          </Link>
        )}
      </div>
      {renewals.length > 0 && (
        <p className="contract-renewal" role="status">
          Ending within {contractsSpec.renewalDays} days, to renew: {renewals.map((contract) => `${contract.clientname} (${displayDate(contract.lastday)})`).join(', ')}.
        </p>
      )}
      <div className="list-toolbar">
        <label htmlFor={`${id}-search`}>Search</label>
        <input id={`${id}-search`} type="search" placeholder="Client name" value={search} onChange={(event) => setSearch(event.target.value)} />
        {!contracts && <span className="list-loading">Please Wait</span>}
      </div>
      {contracts && matching.length === 0 ? (
        <p className="empty-state">{search.trim() ? `No contract of a client named like "${search.trim()}".` : 'No service contracts yet.'}</p>
      ) : (
        <div className="table-scroll">
          <table className="bill-table card-table contracts-table">
            <caption className="visually-hidden">Service contracts of {unit.menuLabel}</caption>
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Next due</th>
                <th scope="col">Invoices raised</th>
                <th scope="col">Status</th>
                <th scope="col" className="figure">
                  Amount per cycle
                </th>
              </tr>
            </thead>
            <tbody>
              {matching.map((contract) => (
                <tr key={contract._id}>
                  <th scope="row" className="card-value" data-label="Client">
                    <Link to={contractRoute(unit, contract._id)}>{contract.clientname}</Link>
                  </th>
                  <td className="card-value" data-label="Next due">
                    {contract.nextdue ? displayDate(contract.nextdue) : '—'}
                  </td>
                  <td className="card-value" data-label="Invoices raised">
                    {contract.raised} of {contract.cycles}
                    {contract.drafts > 0 && ` (${contract.drafts} draft${contract.drafts === 1 ? '' : 's'})`}
                  </td>
                  <td className="card-value" data-label="Status">
                    {contractsSpec.statuses[contract.status]}
                    {contract.flag && <span className="contract-flag"> · needs attention</span>}
                    {contract.renewal && <span className="contract-flag"> · renew by {displayDate(contract.lastday)}</span>}
                  </td>
                  <td className="figure card-value" data-label="Amount per cycle">
                    {contract.amount === null ? '' : rupees(contract.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
