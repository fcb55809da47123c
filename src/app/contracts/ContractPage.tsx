import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { contractBillTypes, defaultContractBillType, type RegistryIndex, type Unit } from '../../engine/core';
import { localIsoDate } from '../../engine/core/bill-data';
import { useApi } from '../api/ApiContext';
import { useCan } from '../auth/can';
import { displayDate } from '../bills/format-date';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import { contractBody, newContractState, stateOfContract, type ContractFormState } from './contract-form-state';
import { ContractCycles } from './ContractCycles';
import { ContractForm } from './ContractForm';
import type { Contract, ContractCycleRow } from './contracts-api';
import { contractRoute, contractsRoute, NEW_CONTRACT } from './contracts-path';
import { contractsSpec } from './contracts-spec';
import '../styles/contracts.css';

type Loaded = Contract & { cyclelist: ContractCycleRow[] };

/**
 * One service contract (issue 47): its form, its cycles with each invoice raised and paid, its visits, and Pause /
 * Resume / End / Raise now. `new` in the path: a contract not saved yet.
 */
export default function ContractPage({ registry, unit }: { registry: RegistryIndex; unit: Unit }) {
  const api = useApi();
  const mayWrite = useCan()('contracts.write');
  const navigate = useNavigate();
  const id = useId();
  const { contractId = NEW_CONTRACT } = useParams();
  const billTypes = useMemo(() => contractBillTypes(registry.billTypes, unit.slug), [registry, unit.slug]);
  const fallbackType = defaultContractBillType(contractsSpec, registry.billTypes, unit.slug) ?? billTypes[0];
  const [contract, setContract] = useState<Loaded>();
  const [state, setState] = useState<ContractFormState>(() => newContractState(fallbackType?.type ?? '', localIsoDate()));
  const [clientNames, setClientNames] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (contractId === NEW_CONTRACT) return;
    try {
      const found = await api.contracts.get(unit.slug, contractId);
      setContract(found);
      setState(stateOfContract(found));
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  }, [api, unit.slug, contractId]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    api.clients.list({ search: '', offset: 0, limit: 500 }).then(
      ({ clients }) => setClientNames(clients.map((client) => String(client[registry.clients.key.name] ?? ''))),
      () => setClientNames([]),
    );
  }, [api, registry]);

  const billType = billTypes.find((type) => type.type === state.billtype) ?? fallbackType;
  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      showSuccessToast(await work());
      await load();
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    if (!billType) return;
    setBusy(true);
    try {
      const saved = await api.contracts.save(unit.slug, contractBody(state, billType.lines, billType.tax));
      showSuccessToast('Contract saved.');
      if (contractId === NEW_CONTRACT) navigate(contractRoute(unit, saved), { replace: true });
      else await load();
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (!billType) return <p className="empty-state">{unit.menuLabel} has no sales bill type a contract could raise.</p>;
  const saved = contract && contractId !== NEW_CONTRACT ? contract : undefined;
  const fixed = (saved?.cyclelist ?? []).some((cycle) => cycle.bill);
  return (
    <section className="list-page contract-page" aria-labelledby={`${id}-title`}>
      <div className="list-heading">
        <h1 id={`${id}-title`}>{saved ? `Contract: ${saved.clientname}` : 'New Service Contract'}</h1>
        <Link to={contractsRoute(unit)}>All contracts</Link>
      </div>
      {saved && (
        <div className="contract-summary">
          <p>
            <strong>{contractsSpec.statuses[saved.status]}</strong> · {saved.raised} of {saved.cycles} invoices raised
            {saved.nextdue && ` · next due ${displayDate(saved.nextdue)}`} · ends {displayDate(saved.lastday)}
          </p>
          {saved.flag && <p className="contract-flag" role="status">{saved.flag}</p>}
          {saved.renewal && <p className="contract-renewal" role="status">This contract ends on {displayDate(saved.lastday)}: time to renew it.</p>}
          {mayWrite && (
            <div className="contract-actions">
              {saved.status === 'active' && (
                <>
                  <button type="button" className="button button--primary" disabled={busy} onClick={() => void act(() => api.contracts.raise(unit.slug, saved._id))}>
                    Raise Now
                  </button>
                  <button type="button" className="button" disabled={busy} onClick={() => void act(() => api.contracts.pause(unit.slug, saved._id))}>
                    Pause
                  </button>
                </>
              )}
              {saved.status === 'paused' && (
                <>
                  <button type="button" className="button" disabled={busy} onClick={() => void act(() => api.contracts.resume(unit.slug, saved._id, false))}>
                    Resume
                  </button>
                  <button type="button" className="button" disabled={busy} onClick={() => void act(() => api.contracts.resume(unit.slug, saved._id, true))}>
                    Resume and bill paused cycles
                  </button>
                </>
              )}
              {(saved.status === 'active' || saved.status === 'paused') && (
                <button type="button" className="button button--plain" disabled={busy} onClick={() => void act(() => api.contracts.end(unit.slug, saved._id))}>
                  End
                </button>
              )}
            </div>
          )}
        </div>
      )}
      {saved && <ContractCycles registry={registry} cycles={saved.cyclelist} />}
      <ContractForm
        state={state}
        onChange={setState}
        billTypes={billTypes}
        billType={billType}
        clientNames={clientNames}
        fixed={fixed}
        saving={busy}
        onSave={() => void save()}
        readOnly={!mayWrite}
      />
    </section>
  );
}
