import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RegistryIndex } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import { useCan } from '../auth/can';
import type { SavedClient } from '../api/clients-api';
import { Pagination } from '../bills/Pagination';
import { ConfirmModal } from '../ui/ConfirmModal';
import { useOpenModal } from '../ui/ModalProvider';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import { ClientBills } from './ClientBills';
import { ClientForm } from './ClientForm';
import { ClientTable } from './ClientTable';
import { useClientBalances } from './useClientBalances';
import { useClientList } from './useClientList';
import { lazyScreen } from '../lazy-screen';

/** Issues 29 and 32: a client's statement and reminders, shown with its bills; loaded then. */
const ClientMoney = lazyScreen(() => import('../receivables/ClientMoney'), null);
/** Issue 29: a client's payments and Record Payment below their bills, else every payment received; loaded after the list. */
const ClientPayments = lazyScreen(() => import('../payments/ClientPayments'), null);

/** Which client the form edits: a new one, a saved one, or none (the form closed). */
type Editing = { client?: SavedClient } | null;

function EmptyState({ search }: { search: string }) {
  if (search) return <p className="empty-state">No clients match “{search}”.</p>;
  return <p className="empty-state">No clients saved yet. Every bill saves its client; Add Client adds one by hand.</p>;
}

/**
 * The Clients screen (issue 16): the saved clients with search, bill count and last billed date; add and edit
 * with the server's checks; delete after a confirmation (bills keep their own copy); a client's bills.
 */
export default function ClientsPage({ registry }: { registry: RegistryIndex }) {
  const spec = registry.clients;
  const { clients: api } = useApi();
  // Issue 45: Add, Edit and Delete only for roles that may change clients.
  const can = useCan();
  const openModal = useOpenModal();
  const list = useClientList();
  const balances = useClientBalances(registry);
  const id = useId();
  const [editing, setEditing] = useState<Editing>(null);
  const [billsOf, setBillsOf] = useState<string | null>(null);
  const nameOf = (client: SavedClient) => String(client[spec.key.name]);
  // Receivables link a client here (?client=name): found by the search, its bills open.
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('client');
  useEffect(() => {
    if (!linked) return;
    list.setSearch(linked);
    setBillsOf(linked);
  }, [linked]);

  const remove = async (client: SavedClient) => {
    const confirmed = await openModal<boolean>(
      (close) => (
        <ConfirmModal
          image="delete"
          title={`Delete Client ${nameOf(client)}`}
          description={`Are you sure? You want to delete the client ${nameOf(client)}? Bills keep their own copy of the client's details.`}
          leftButton={{ label: 'Cancel', onClick: () => close(false) }}
          rightButton={{ label: 'Delete', onClick: () => close(true), tone: 'danger' }}
          onClose={() => close(false)}
        />
      ),
      false,
    );
    if (!confirmed) return;
    try {
      showSuccessToast(await api.remove(client._id));
      if (editing?.client?._id === client._id) setEditing(null);
      if (billsOf === nameOf(client)) setBillsOf(null);
      list.reload();
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  };

  const page = list.page;
  const pageCount = page ? Math.ceil(page.total / list.pageSize) : 0;
  return (
    <section className="list-page clients-page" aria-labelledby={`${id}-title`}>
      <div className="list-heading">
        <h1 id={`${id}-title`}>Clients</h1>
        {can('clients.write') && (
          <button type="button" className="button button--primary" onClick={() => setEditing({})}>
            Add Client
          </button>
        )}
      </div>
      {editing && (
        <ClientForm
          key={editing.client?._id ?? 'new'}
          spec={spec}
          client={editing.client}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      <div className="list-toolbar">
        <label htmlFor={`${id}-search`}>Search</label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder={spec.key.title}
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
        />
        {list.loading && <span className="list-loading">Please Wait</span>}
      </div>
      {page && page.total === 0 ? (
        <EmptyState search={list.settledSearch} />
      ) : (
        <>
          <ClientTable
            spec={spec}
            clients={page?.clients ?? []}
            loading={list.loading}
            balances={balances}
            actions={{
              onBills: (client) => setBillsOf(nameOf(client)),
              ...(can('clients.write') && { onEdit: (client: SavedClient) => setEditing({ client }) }),
              ...(can('clients.delete') && { onDelete: (client: SavedClient) => void remove(client) }),
            }}
          />
          <Pagination
            pageIndex={list.pageIndex}
            pageCount={pageCount}
            pageSize={list.pageSize}
            total={page?.total ?? 0}
            canPrevious={list.pageIndex > 0}
            canNext={list.pageIndex + 1 < pageCount}
            onPrevious={() => list.setPageIndex(list.pageIndex - 1)}
            onNext={() => list.setPageIndex(list.pageIndex + 1)}
            onPageSize={list.setPageSize}
          />
        </>
      )}
      {billsOf && <ClientBills registry={registry} name={billsOf} onClose={() => setBillsOf(null)} />}
      {billsOf && <ClientMoney key={`money-${billsOf}`} registry={registry} name={billsOf} />}
      <ClientPayments key={`payments-${billsOf ?? ''}`} name={billsOf ?? undefined} />
    </section>
  );
}
