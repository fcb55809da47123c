import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Unit } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import { profileRoute } from '../paths';
import '../styles/setup.css';

export const SETUP_TEXTS = {
  title: 'Set up before your first bill',
  description: "Each unit's bills print its letterhead, bank details and terms from its Business Profile.",
  step: (unit: Unit) => `${unit.menuLabel} Business Profile`,
  saved: 'Saved',
  toDo: 'Not saved yet',
} as const;

/** APIs (servers) that answered every profile saved: the checklist does not ask them again until a reload. */
const allSavedOn = new WeakSet<object>();

/**
 * The set-up checklist on the landing screen of a fresh database (issue 30): one line per unit of the
 * registry, its Business Profile, ticked once saved (getprofile says so); gone when every one is. Loaded on
 * demand, so the landing create screen's first load carries none of it; says nothing when it cannot ask.
 */
export default function SetupChecklist({ units }: { units: Unit[] }) {
  const api = useApi();
  const [saved, setSaved] = useState<boolean[]>();
  useEffect(() => {
    if (allSavedOn.has(api)) return;
    let current = true;
    Promise.all(units.map((unit) => api.getProfile(unit.slug).then((profile) => profile.saved))).then(
      (answers) => {
        if (answers.every(Boolean)) allSavedOn.add(api);
        if (current) setSaved(answers);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, units]);

  if (!saved || saved.every(Boolean)) return null;
  return (
    <section className="card setup-checklist" aria-labelledby="setup-checklist-title">
      <h2 id="setup-checklist-title">{SETUP_TEXTS.title}</h2>
      <p>{SETUP_TEXTS.description}</p>
      <ul>
        {units.map((unit, index) => (
          <li key={unit.slug} className={saved[index] ? 'setup-step setup-step--done' : 'setup-step'}>
            <span className="setup-mark" aria-hidden="true" />
            <Link to={profileRoute(unit)}>{SETUP_TEXTS.step(unit)}</Link>
            <span className="setup-state">{saved[index] ? SETUP_TEXTS.saved : SETUP_TEXTS.toDo}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
