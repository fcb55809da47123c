import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useApi } from '../api/ApiContext';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import type { OperatorRow, OperatorsList } from './operators-api';

/** What the form does: add an operator, change one's role and units, or give one a new first password. */
export type OperatorFormMode = { kind: 'add' } | { kind: 'edit'; operator: OperatorRow } | { kind: 'reset'; operator: OperatorRow };

interface OperatorFormProps {
  mode: OperatorFormMode;
  choices: Pick<OperatorsList, 'roles' | 'units'>;
  onSaved(): void;
  onCancel(): void;
}

const TITLES = { add: 'Add Operator', edit: 'Change Role and Units', reset: 'Reset Password' } as const;

/**
 * The Operators screen's form (issue 45), laid out as the client form: the e-mail, the role (with what it may do),
 * the units (all, or some), and a first password the person changes at their first sign-in. The server checks all.
 */
export function OperatorForm({ mode, choices, onSaved, onCancel }: OperatorFormProps) {
  const { operators: api } = useApi();
  const id = useId();
  const existing = mode.kind === 'add' ? undefined : mode.operator;
  const [email, setEmail] = useState(existing?.email ?? '');
  // A new operator's role is chosen, never assumed: the roles are data (schemas/roles.json).
  const [role, setRole] = useState(existing?.role ?? '');
  const [units, setUnits] = useState<string[] | null>(existing?.units ?? null);
  const [password, setPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: 'nearest' });
    formRef.current?.querySelector<HTMLElement>('input:not([readonly]), select')?.focus();
  }, []);

  const toggleUnit = (slug: string) => {
    const chosen = units ?? [];
    setUnits(chosen.includes(slug) ? chosen.filter((unit) => unit !== slug) : [...chosen, slug]);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const msg =
        mode.kind === 'add'
          ? await api.add({ email, role, units, password })
          : mode.kind === 'edit'
            ? await api.update(mode.operator.email, { role, units })
            : await api.resetPassword(mode.operator.email, password);
      showSuccessToast(msg);
      onSaved();
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const description = choices.roles.find((r) => r.name === role)?.description;
  return (
    <form ref={formRef} className="profile client-form" aria-labelledby={`${id}-title`} onSubmit={(event) => void save(event)}>
      <h2 id={`${id}-title`}>
        {TITLES[mode.kind]}
        {existing ? `: ${existing.email}` : ''}
      </h2>
      <div className="profile__fields">
        {mode.kind === 'add' && (
          <div className="profile__field">
            <label htmlFor={`${id}-email`}>Email *</label>
            <input id={`${id}-email`} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
        )}
        {mode.kind !== 'reset' && (
          <div className="profile__field">
            <label htmlFor={`${id}-role`}>Role *</label>
            <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value)} aria-describedby={`${id}-role-hint`}>
              {role === '' && <option value="">Choose a role</option>}
              {choices.roles.map((r) => (
                <option key={r.name} value={r.name}>
                  {r.label}
                </option>
              ))}
            </select>
            <small id={`${id}-role-hint`} className="profile__hint">
              {description}
            </small>
          </div>
        )}
        {mode.kind !== 'reset' && (
          <fieldset className="profile__field operator-units">
            <legend>Units</legend>
            <label>
              <input type="checkbox" checked={units === null} onChange={() => setUnits(units === null ? [] : null)} /> All units
            </label>
            {choices.units.map((unit) => (
              <label key={unit.slug}>
                <input type="checkbox" disabled={units === null} checked={units === null || units.includes(unit.slug)} onChange={() => toggleUnit(unit.slug)} />{' '}
                {unit.label}
              </label>
            ))}
          </fieldset>
        )}
        {mode.kind !== 'edit' && (
          <div className="profile__field">
            <label htmlFor={`${id}-password`}>First password *</label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="new-password"
              value={password}
              aria-describedby={`${id}-password-hint`}
              onChange={(e) => setPassword(e.target.value)}
            />
            <small id={`${id}-password-hint`} className="profile__hint">
              Tell it to them; they choose their own at their first sign-in.
            </small>
          </div>
        )}
      </div>
      <div className="client-form__actions">
        <button type="button" className="button button--plain" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Please Wait' : TITLES[mode.kind]}
        </button>
      </div>
    </form>
  );
}
