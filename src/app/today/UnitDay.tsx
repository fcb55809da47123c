import { Link } from 'react-router-dom';
import { formatIndian, type RegistryIndex, type Unit } from '../../engine/core';
import { otherYear } from '../bills/financial-years';
import { displayDate } from '../bills/format-date';
import { editRoute } from '../paths';
import type { UnitToday } from '../receivables/receivables-api';
import { receivablesRoute } from '../receivables/receivables-path';

const rupees = (amount: number) => `₹ ${formatIndian(amount)}`;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One unit's day: sales dated today, bills with a balance due this week, clients with money past due. */
export function UnitDay({ registry, unit, day }: { registry: RegistryIndex; unit: Unit; day: UnitToday }) {
  const titleId = `today-${unit.slug}-title`;
  const { sales, due, overdue } = day;
  return (
    <article className="card today-card today-unit" aria-labelledby={titleId}>
      <h2 id={titleId}>{unit.menuLabel}</h2>
      <dl className="today-figures">
        <div>
          <dt>Sales today</dt>
          <dd>
            {rupees(sales.amount)} <span>{count(sales.count, 'bill', 'bills')}</span>
          </dd>
        </div>
        <div>
          <dt>Due this week</dt>
          <dd>
            {rupees(due.amount)} <span>{count(due.count, 'bill', 'bills')}</span>
          </dd>
        </div>
        <div>
          <dt>Overdue</dt>
          <dd>
            {rupees(overdue.amount)} <span>{count(overdue.count, 'client', 'clients')}</span>
          </dd>
        </div>
      </dl>
      {due.bills.length > 0 && (
        <>
          <h3>Bills due by {displayDate(day.weekend)}</h3>
          <ul className="today-list">
            {due.bills.map((bill) => {
              const billType = registry.byType(bill.billtype);
              return (
                <li key={`${bill.billtype}-${bill.billno}`}>
                  {billType ? <Link to={editRoute(billType, bill.billno, otherYear(bill.fy))}>{`${billType.menuLabel} No. ${bill.printedno}`}</Link> : bill.printedno} · {bill.clientname} ·{' '}
                  <span className="today-nowrap">
                    {rupees(bill.balance)} due {displayDate(bill.duedate)}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {overdue.clients.length > 0 && (
        <>
          <h3>Overdue clients</h3>
          <ul className="today-list">
            {overdue.clients.map((client) => (
              <li key={client.clientname}>
                {client.clientname} · <span className="today-nowrap">{rupees(client.overdue)} past due</span> since{' '}
                <span className="today-nowrap">{displayDate(client.oldestdue)}</span>
              </li>
            ))}
          </ul>
          <Link className="button button--small" to={receivablesRoute(unit)}>
            Receivables
          </Link>
        </>
      )}
    </article>
  );
}
