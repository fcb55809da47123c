import { useState } from 'react';
import type { Unit } from '../../engine/core/registry/types';
import { registry } from '../registry';
import { PaymentsBlock } from './PaymentsBlock';

/** The units whose bills count as sales: the ones a client pays. */
const payingUnits = registry.units.filter((unit) => registry.billTypes.some((billType) => billType.unit === unit.slug && billType.countsAsSales));

/**
 * Issue 29, on the Clients screen. With a client chosen (their bills open): Record Payment and their payments in
 * each unit, what is held on account and Allocate to put it on bills. Without: each unit's payments received, folded
 * away until opened. Beside the client's bills, where an operator looks for what a client paid.
 */
export default function ClientPayments({ name }: { name?: string }) {
  if (name) {
    return (
      <div className="client-payments">
        {payingUnits.map((unit) => (
          <PaymentsBlock key={unit.slug} unit={unit} clientName={name} title={`Payments from ${name} · ${unit.menuLabel}`} />
        ))}
      </div>
    );
  }
  return (
    <div className="client-payments">
      {payingUnits.map((unit) => (
        <UnitPayments key={unit.slug} unit={unit} />
      ))}
    </div>
  );
}

/** A unit's payments received, asked for only once opened (a unit may hold tens of thousands). */
function UnitPayments({ unit }: { unit: Unit }) {
  const [open, setOpen] = useState(false);
  const title = `Payments received · ${unit.menuLabel}`;
  return (
    <details className="payments-all" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{title}</summary>
      {open && <PaymentsBlock unit={unit} title={title} />}
    </details>
  );
}
