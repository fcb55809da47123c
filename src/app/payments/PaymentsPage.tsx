import { useId, useState } from 'react';
import type { Unit } from '../../engine/core/registry/types';
import { PaymentsBlock } from './PaymentsBlock';

/**
 * A unit's Payments screen (issue 29, from the header's unit menu): every payment received, or one client's, with
 * its receipt PDF, Allocate for money held on account, and Delete; Record Payment for a new one.
 */
export default function PaymentsPage({ unit }: { unit: Unit }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [client, setClient] = useState('');
  return (
    <section className="list-page payments-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Payments · {unit.menuLabel}</h1>
      <form
        className="list-toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          setClient(typed.trim());
        }}
      >
        <label htmlFor={`${id}-client`}>Client</label>
        <input id={`${id}-client`} type="search" placeholder="Client company name (whole name)" value={typed} onChange={(event) => setTyped(event.target.value)} />
        <button type="submit" className="button button--small">
          Show
        </button>
      </form>
      <PaymentsBlock key={client} unit={unit} clientName={client || undefined} title={client ? `Payments from ${client}` : 'Payments received'} />
    </section>
  );
}
