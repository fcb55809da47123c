import { registry } from '../registry';
import { PaymentsBlock } from './PaymentsBlock';

/** The units whose bills count as sales: the ones a client pays. */
const payingUnits = registry.units.filter((unit) => registry.billTypes.some((billType) => billType.unit === unit.slug && billType.countsAsSales));

/**
 * Issue 29, on the Clients screen beside a client's bills: Record Payment and the client's payments in each unit,
 * with what is held on account and Allocate to put it on bills.
 */
export default function ClientPayments({ name }: { name: string }) {
  return (
    <div className="client-payments">
      {payingUnits.map((unit) => (
        <PaymentsBlock key={unit.slug} unit={unit} clientName={name} title={`Payments from ${name} · ${unit.menuLabel}`} />
      ))}
    </div>
  );
}
