import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Unit } from '../../engine/core';
import { localIsoDate } from '../../engine/core/bill-data';
import { useApi } from '../api/ApiContext';
import { useCan, useMayWorkOn } from '../auth/can';
import { displayDate } from '../bills/format-date';
import { contractRoute } from './contracts-path';
import { dueThisWeek, isEmpty, type DueItem, type DueThisWeek } from './due-this-week';
import '../styles/contracts.css';

const SECTIONS: ReadonlyArray<[keyof DueThisWeek, string]> = [
  ['invoices', 'Invoices about to be raised'],
  ['drafts', 'Drafts waiting'],
  ['visits', 'Visits due'],
  ['renewals', 'Contracts to renew'],
];

/**
 * Issue 47, on the landing screen: what the service contracts of the operator's units need this week. Shows nothing
 * to a role that may not read contracts, or when nothing is due; a failed call leaves it out quietly.
 */
export default function DueThisWeekPanel({ units }: { units: Unit[] }) {
  const api = useApi();
  const mayRead = useCan()('contracts.read');
  const mayWorkOn = useMayWorkOn();
  const [due, setDue] = useState<DueThisWeek>();
  const slugs = units.filter((unit) => mayWorkOn(unit.slug)).map((unit) => unit.slug).join(',');

  useEffect(() => {
    if (!mayRead || !slugs) return;
    let current = true;
    const today = localIsoDate();
    Promise.all(slugs.split(',').map(async (slug) => dueThisWeek(slug, await api.contracts.list(slug), today))).then(
      (perUnit) => {
        if (!current) return;
        const merged = Object.fromEntries(SECTIONS.map(([key]) => [key, perUnit.flatMap((unit) => unit[key])])) as unknown as DueThisWeek;
        setDue(merged);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, mayRead, slugs]);

  if (!due || isEmpty(due)) return null;
  const unitOf = (slug: string) => units.find((unit) => unit.slug === slug)!;
  const line = (item: DueItem) => (
    <li key={`${item.unit}-${item.contractId}-${item.date}-${item.text}`}>
      {displayDate(item.date)}: <Link to={contractRoute(unitOf(item.unit), item.contractId)}>{item.clientname}</Link> ({unitOf(item.unit).menuLabel}), {item.text}
    </li>
  );
  return (
    <section className="due-this-week" aria-labelledby="due-this-week-title">
      <h2 id="due-this-week-title">Due this week</h2>
      {SECTIONS.filter(([key]) => due[key].length > 0).map(([key, title]) => (
        <div key={key}>
          <h3>{title}</h3>
          <ul>{due[key].map(line)}</ul>
        </div>
      ))}
    </section>
  );
}
