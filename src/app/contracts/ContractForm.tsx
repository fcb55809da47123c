import { useId, type ReactNode } from 'react';
import type { BillTypeEntry } from '../../engine/core';
import { DayInput } from '../ui/DayInput';
import type { ContractFormState } from './contract-form-state';
import { EMPTY_LINE, type FormLine } from './contract-lines';
import { contractsSpec } from './contracts-spec';

interface Props {
  state: ContractFormState;
  onChange(state: ContractFormState): void;
  /** The sales types the contract may raise, and the one chosen. */
  billTypes: BillTypeEntry[];
  billType: BillTypeEntry;
  /** Saved clients' names, offered as the client is typed. */
  clientNames: string[];
  /** Once an invoice is raised, the client, type, start and frequency stay. */
  fixed: boolean;
  saving: boolean;
  onSave(): void;
  /** A role that may only read contracts sees the form's values, changes nothing and has no Save. */
  readOnly: boolean;
}

function Field({ id, label, children, wide }: { id: string; label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'profile__field profile__field--wide' : 'profile__field'}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** The contract's form (issue 47): client, bill type, dates, frequency, due day, drafts or direct, e-mail, lines, visits. */
export function ContractForm({ state, onChange, billTypes, billType, clientNames, fixed, saving, onSave, readOnly }: Props) {
  const id = useId();
  const set = <K extends keyof ContractFormState>(key: K, value: ContractFormState[K]) => onChange({ ...state, [key]: value });
  const setLine = (index: number, key: keyof FormLine, value: string) =>
    set(
      'lines',
      state.lines.map((line, i) => (i === index ? { ...line, [key]: value } : line)),
    );
  const service = billType.lines === 'service';
  const frequency = contractsSpec.frequencies[state.frequency];
  return (
    <form
      className="profile contract-form"
      aria-label="Contract"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <fieldset className="contract-form__all" disabled={readOnly}>
        <div className="profile__fields">
          <Field id={`${id}-client`} label={contractsSpec.fields.clientname.title}>
            <input
              id={`${id}-client`}
              list={`${id}-clients`}
              value={state.clientname}
              disabled={fixed}
              maxLength={contractsSpec.fields.clientname.maxLength}
              onChange={(e) => set('clientname', e.target.value)}
            />
            <datalist id={`${id}-clients`}>
              {clientNames.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </Field>
          <Field id={`${id}-type`} label="Bill raised">
            <select id={`${id}-type`} value={state.billtype} disabled={fixed} onChange={(e) => set('billtype', e.target.value)}>
              {billTypes.map((type) => (
                <option key={type.type} value={type.type}>
                  {type.menuLabel}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-start`} label="Start date">
            <DayInput id={`${id}-start`} value={state.startdate} disabled={fixed} onChange={(day) => set('startdate', day)} />
          </Field>
          <Field id={`${id}-frequency`} label="Frequency">
            <select id={`${id}-frequency`} value={state.frequency} disabled={fixed} onChange={(e) => set('frequency', e.target.value)}>
              {Object.entries(contractsSpec.frequencies).map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          {frequency?.days && (
            <Field id={`${id}-every`} label="Days between invoices">
              <input id={`${id}-every`} inputMode="numeric" value={state.everydays} disabled={fixed} onChange={(e) => set('everydays', e.target.value)} />
            </Field>
          )}
          <Field id={`${id}-length`} label="Runs for">
            <select id={`${id}-length`} value={state.length} onChange={(e) => set('length', e.target.value as ContractFormState['length'])}>
              <option value="cycles">A number of cycles</option>
              <option value="end">Until an end date</option>
            </select>
          </Field>
          {state.length === 'cycles' ? (
            <Field id={`${id}-cycles`} label="Cycles">
              <input id={`${id}-cycles`} inputMode="numeric" value={state.cycles} onChange={(e) => set('cycles', e.target.value)} />
            </Field>
          ) : (
            <Field id={`${id}-end`} label="End date">
              <DayInput id={`${id}-end`} value={state.enddate} onChange={(day) => set('enddate', day)} />
            </Field>
          )}
          <Field id={`${id}-due`} label="Invoice on day of cycle">
            <input id={`${id}-due`} inputMode="numeric" value={state.dueday} disabled={fixed} onChange={(e) => set('dueday', e.target.value)} />
          </Field>
          <Field id={`${id}-approval`} label="Invoices">
            <select id={`${id}-approval`} value={state.approval} onChange={(e) => set('approval', e.target.value as ContractFormState['approval'])}>
              <option value="direct">Issued directly</option>
              <option value="drafts">Kept as drafts to approve</option>
            </select>
          </Field>
          <div className="profile__field">
            <label>
              <input type="checkbox" checked={state.email} onChange={(e) => set('email', e.target.checked)} /> E-mail each invoice to the client
            </label>
          </div>
          <Field id={`${id}-notes`} label={contractsSpec.fields.notes.title} wide>
            <textarea
              id={`${id}-notes`}
              rows={2}
              maxLength={contractsSpec.fields.notes.maxLength}
              value={state.notes}
              onChange={(e) => set('notes', e.target.value)}
            />
          </Field>
        </div>

        <fieldset className="contract-lines">
          <legend>Each cycle bills</legend>
          {/* The inputs' own labels are their aria-labels; this row shows them once the placeholders are typed over. */}
          <div className="contract-line contract-line--head" aria-hidden="true">
            <span>{service ? 'Product' : 'Description of goods'}</span>
            {service ? <span>Service</span> : <span>Qty</span>}
            <span>Rate</span>
            {billType.tax && (
              <>
                <span>{service ? 'SAC' : 'HSN'}</span>
                <span>GST %</span>
              </>
            )}
            <span className="contract-line__spacer" />
          </div>
          {state.lines.map((line, index) => (
            <div key={index} className="contract-line">
              <input
                aria-label={`${service ? 'Product' : 'Goods'} ${index + 1}`}
                placeholder={service ? 'Product (e.g. 500 kVA DG set)' : 'Description of goods'}
                value={line.name}
                onChange={(e) => setLine(index, 'name', e.target.value)}
              />
              {service && (
                <input
                  aria-label={`Service ${index + 1}`}
                  placeholder="Service"
                  value={line.detail}
                  onChange={(e) => setLine(index, 'detail', e.target.value)}
                />
              )}
              {!service && (
                <input
                  aria-label={`Quantity ${index + 1}`}
                  placeholder="Qty"
                  inputMode="decimal"
                  value={line.qty}
                  onChange={(e) => setLine(index, 'qty', e.target.value)}
                />
              )}
              <input
                aria-label={`Rate ${index + 1}`}
                placeholder="Rate"
                inputMode="decimal"
                value={line.rate}
                onChange={(e) => setLine(index, 'rate', e.target.value)}
              />
              {billType.tax && (
                <>
                  <input
                    aria-label={`${service ? 'SAC' : 'HSN'} ${index + 1}`}
                    placeholder={service ? 'SAC' : 'HSN'}
                    value={line.hsn}
                    onChange={(e) => setLine(index, 'hsn', e.target.value)}
                  />
                  <input
                    aria-label={`GST % ${index + 1}`}
                    placeholder="GST %"
                    inputMode="decimal"
                    value={line.taxrate}
                    onChange={(e) => setLine(index, 'taxrate', e.target.value)}
                  />
                </>
              )}
              <button
                type="button"
                className="button button--small button--plain"
                disabled={state.lines.length === 1}
                onClick={() =>
                  set(
                    'lines',
                    state.lines.filter((_, i) => i !== index),
                  )
                }
              >
                Remove
              </button>
            </div>
          ))}
          <button type="button" className="button button--small" onClick={() => set('lines', [...state.lines, { ...EMPTY_LINE }])}>
            Add Line
          </button>
        </fieldset>

        <fieldset className="contract-visits">
          <legend>Visits</legend>
          {state.visits.map((visit, index) => {
            const setVisit = (change: Partial<typeof visit>) =>
              set(
                'visits',
                state.visits.map((v, i) => (i === index ? { ...v, ...change } : v)),
              );
            return (
              <div key={index} className="contract-line">
                <DayInput ariaLabel={`Visit ${index + 1} date`} value={visit.date} onChange={(day) => setVisit({ date: day })} />
                <input
                  aria-label={`Visit ${index + 1} engineer`}
                  placeholder={contractsSpec.fields.engineer.title}
                  value={visit.engineer}
                  onChange={(e) => setVisit({ engineer: e.target.value })}
                />
                <label>
                  <input type="checkbox" checked={visit.done} onChange={(e) => setVisit({ done: e.target.checked })} /> Done
                </label>
                <input
                  aria-label={`Visit ${index + 1} notes`}
                  placeholder={contractsSpec.fields.visitNotes.title}
                  value={visit.notes}
                  onChange={(e) => setVisit({ notes: e.target.value })}
                />
                <button
                  type="button"
                  className="button button--small button--plain"
                  onClick={() =>
                    set(
                      'visits',
                      state.visits.filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove
                </button>
              </div>
            );
          })}
          <button
            type="button"
            className="button button--small"
            onClick={() => set('visits', [...state.visits, { date: '', engineer: '', done: false, notes: '' }])}
          >
            Add Visit
          </button>
        </fieldset>
      </fieldset>

      {!readOnly && (
        <div className="client-form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Please Wait' : 'Save Contract'}
          </button>
        </div>
      )}
    </form>
  );
}
