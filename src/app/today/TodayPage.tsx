import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import type { RegistryIndex } from '../../engine/core';
import { localIsoDate } from '../../engine/core/bill-data';
import { useApi } from '../api/ApiContext';
import { useAccountOf } from '../auth/account-store';
import { useToken } from '../auth/token-store';
import { displayDate } from '../bills/format-date';
import { messageOf } from '../../engine/react/errors';
import { lazyScreen } from '../lazy-screen';
import { landingPath } from '../paths';
import type { UnitToday } from '../receivables/receivables-api';
import { DraftsToFinish } from './DraftsToFinish';
import { TODAY } from './today-path';
import { UnitDay } from './UnitDay';
import '../styles/today.css';

/** What the service contracts need this week (issue 47), as on the first create screen. */
const ContractsDue = lazyScreen(() => import('../contracts/DueThisWeek').catch(() => ({ default: () => null })), null);

/**
 * Issue 50: the operator's day at a glance, where signing in lands once set up: per unit of theirs, today's sales,
 * the bills due this week and the clients past due; then the unsaved bills kept on this device and what the
 * service contracts need. Before every unit's business profile is saved (or for a role that may not read money
 * owed) it forwards to the first create screen, which leads with the set-up checklist.
 */
export default function TodayPage({ registry }: { registry: RegistryIndex }) {
  const api = useApi();
  const account = useAccountOf(useToken());
  const units = account ? registry.units.filter((unit) => account.units === null || account.units.includes(unit.slug)) : [];
  const mayRead = account !== undefined && !account.mustChangePassword && account.actions.includes(TODAY.action);
  const [days, setDays] = useState<UnitToday[]>();
  const [failure, setFailure] = useState<string>();
  const slugs = units.map((unit) => unit.slug).join(',');

  useEffect(() => {
    if (!mayRead || !slugs) return;
    let current = true;
    // The operator's today (their time zone), as every date the screens fill in.
    const today = localIsoDate();
    Promise.all(slugs.split(',').map((slug) => api.receivables.today(slug, today))).then(
      (answers) => current && setDays(answers),
      (error: unknown) => current && setFailure(messageOf(error)),
    );
    return () => {
      current = false;
    };
  }, [api, mayRead, slugs]);

  if (account === undefined) return <p className="page-loading">Please Wait</p>;
  if (!mayRead || units.length === 0 || days?.some((day) => !day.profilesaved)) return <Navigate to={landingPath(registry)} replace />;
  return (
    <section className="today-page" aria-labelledby="today-title">
      <div className="list-heading">
        <h1 id="today-title">Today</h1>
        <p className="today-date">{displayDate(days?.[0]?.asof ?? localIsoDate())}</p>
      </div>
      {failure && <p className="empty-state" role="alert">{failure}</p>}
      {!days && !failure && <p className="page-loading">Please Wait</p>}
      {days && (
        <div className="today-units">
          {units.map((unit, i) => (
            <UnitDay key={unit.slug} registry={registry} unit={unit} day={days[i]} />
          ))}
        </div>
      )}
      <DraftsToFinish registry={registry} />
      <ContractsDue units={units} />
    </section>
  );
}
