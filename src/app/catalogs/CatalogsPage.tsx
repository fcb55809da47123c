import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { BillType, Catalog, RegistryIndex } from '../../engine/core';
import { useLoadedBillTypes } from '../type-screen';
import { useApi } from '../api/ApiContext';
import { useCan } from '../auth/can';
import type { SavedEntry } from '../api/catalogs-api';
import { ConfirmModal } from '../ui/ConfirmModal';
import { useOpenModal } from '../ui/ModalProvider';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import { CatalogEntryForm } from './CatalogEntryForm';
import { catalogInputs, fillText } from './catalog-inputs';

/** Which entry the form edits: a new one, a saved one, or none (the form closed). */
type Editing = { entry?: SavedEntry } | null;

/** The saved entries of one list, loaded when the list is chosen and again after each change. */
function useEntries(catalog: Catalog) {
  const { catalogs: api } = useApi();
  // Kept with the list they are of: the render that shows another list never shows this one's entries under its name.
  const [loaded, setLoaded] = useState<{ of: Catalog; entries: SavedEntry[] }>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setLoaded(undefined);
    api.list(catalog).then(
      (entries) => live && setLoaded({ of: catalog, entries }),
      (error: unknown) => live && showErrorToast((error as Error).message),
    );
    return () => {
      live = false;
    };
  }, [api, catalog, version]);
  const entries = loaded?.of === catalog ? loaded.entries : undefined;
  return { entries, reload: useCallback(() => setVersion((v) => v + 1), []) };
}

/**
 * The Products & Services screen (issue 30): each saved list of catalogs.json with what its entries fill on a
 * bill's line (sale rate, unit, HSN, GST rate); search, add, edit or rename, delete (bills keep their lines).
 */
export default function CatalogsPage({ registry }: { registry: RegistryIndex }) {
  // A list's columns are the fields of the bill lines that pick from it, in any bill type: the screen reads them all.
  const billTypes = useLoadedBillTypes(registry.billTypes);
  return billTypes ? <Catalogs registry={registry} billTypes={billTypes} /> : <p className="page-loading">Please Wait</p>;
}

function Catalogs({ registry, billTypes }: { registry: RegistryIndex; billTypes: BillType[] }) {
  // Issue 45: Add, Edit and Delete only for roles that may change the lists.
  const can = useCan();
  const catalogs = Object.values(registry.catalogs);
  const { catalogs: api } = useApi();
  const openModal = useOpenModal();
  const id = useId();
  const [catalog, setCatalog] = useState(catalogs[0]);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const inputs = useMemo(() => catalogInputs(billTypes, catalog), [billTypes, catalog]);
  const { entries, reload } = useEntries(catalog);
  const shown = entries?.filter((entry) => entry.name.toLowerCase().includes(search.trim().toLowerCase()));

  const choose = (next: Catalog) => {
    setCatalog(next);
    setEditing(null);
  };

  const remove = async (entry: SavedEntry) => {
    const confirmed = await openModal<boolean>(
      (close) => (
        <ConfirmModal
          image="delete"
          title={`Delete ${entry.name}`}
          description={`Are you sure? You want to delete ${entry.name} from ${catalog.title}? Bills that name it keep their lines.`}
          leftButton={{ label: 'Cancel', onClick: () => close(false) }}
          rightButton={{ label: 'Delete', onClick: () => close(true), tone: 'danger' }}
          onClose={() => close(false)}
        />
      ),
      false,
    );
    if (!confirmed) return;
    try {
      showSuccessToast(await api.remove(catalog, entry._id));
      if (editing?.entry?._id === entry._id) setEditing(null);
      reload();
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  };

  return (
    <section className="list-page catalogs-page" aria-labelledby={`${id}-title`}>
      <div className="list-heading">
        <h1 id={`${id}-title`}>Products &amp; Services</h1>
        {can('catalogs.write') && (
          <button type="button" className="button button--primary" onClick={() => setEditing({})}>
            Add to {catalog.title}
          </button>
        )}
      </div>
      <div className="catalog-tabs" role="group" aria-label="Saved lists">
        {catalogs.map((each) => (
          <button
            key={each.name}
            type="button"
            className="button button--small"
            aria-pressed={each === catalog}
            onClick={() => choose(each)}
          >
            {each.title}
          </button>
        ))}
      </div>
      {editing && (
        <CatalogEntryForm
          key={`${catalog.name}-${editing.entry?._id ?? 'new'}`}
          catalog={catalog}
          inputs={inputs}
          entry={editing.entry}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <div className="list-toolbar">
        <label htmlFor={`${id}-search`}>Search</label>
        <input id={`${id}-search`} type="search" placeholder={inputs.nameTitle} value={search} onChange={(event) => setSearch(event.target.value)} />
        {!entries && <span className="list-loading">Please Wait</span>}
      </div>
      {shown && shown.length === 0 ? (
        <p className="empty-state">
          {search.trim() ? `Nothing in ${catalog.title} matches “${search.trim()}”.` : `${catalog.title}: nothing saved yet. Every bill saves its lines here.`}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="bill-table client-table card-table" aria-busy={!entries}>
            <caption className="visually-hidden">{catalog.title}</caption>
            <thead>
              <tr>
                <th scope="col">{inputs.nameTitle}</th>
                {inputs.fills.map((input) => (
                  <th key={input.name} scope="col" className={input.numeric ? 'num' : undefined}>
                    {input.title}
                  </th>
                ))}
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {(shown ?? []).map((entry) => (
                <tr key={entry._id}>
                  <td className="col-wrap card-value" data-label={inputs.nameTitle}>
                    {entry.name}
                  </td>
                  {inputs.fills.map((input) => (
                    <td key={input.name} className={`card-value${input.numeric ? ' num' : ''}`} data-label={input.title}>
                      {fillText(input, entry.fills[input.name])}
                    </td>
                  ))}
                  <td className="client-actions card-actions">
                    {can('catalogs.write') && (
                      <button type="button" className="button button--small" aria-label={`Edit ${entry.name}`} onClick={() => setEditing({ entry })}>
                        Edit
                      </button>
                    )}
                    {can('catalogs.delete') && (
                      <button
                        type="button"
                        className="button button--small button--danger"
                        aria-label={`Delete ${entry.name}`}
                        onClick={() => void remove(entry)}
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
      )}
    </section>
  );
}
