import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { checkClient, type ClientsSpec } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import type { SavedClient } from '../api/clients-api';
import { gstinHint } from '../ui/gstin-hint';
import { EMPTY_FIELD_TITLE, showErrorToast, showSuccessToast } from '../ui/toasts';
import { clientInputs, formValues } from './client-fields';

const GSTIN_EMPTY_HINT = 'Tax bills need it; the state is read from it.';

interface ClientFormProps {
  spec: ClientsSpec;
  /** The client to edit; a new one without. */
  client?: SavedClient;
  onSaved(): void;
  onCancel(): void;
}

/**
 * Adds or edits a saved client: the same checks as the server (checkClient: the bill fields' own rules and
 * messages, the GSTIN's check character, the contact details' patterns) shown as the bill screens' toast,
 * then saveclient; its refusal (a name another client has, say) is shown as the server words it.
 */
export function ClientForm({ spec, client, onSaved, onCancel }: ClientFormProps) {
  const { clients: api } = useApi();
  const id = useId();
  const inputs = useMemo(() => clientInputs(spec), [spec]);
  const [values, setValues] = useState(() => formValues(inputs, client));
  const [saving, setSaving] = useState(false);
  const title = client ? `Edit Client: ${String(client[spec.key.name])}` : 'Add Client';
  const formRef = useRef<HTMLFormElement>(null);

  // Opened from a row far down the list: the form comes into view with its first input ready to type in.
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: 'nearest' });
    formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkClient(spec, values);
    if (!checked.ok) return showErrorToast(EMPTY_FIELD_TITLE, checked.msg);
    setSaving(true);
    try {
      showSuccessToast(await api.save({ ...(client ? { _id: client._id } : {}), ...values }));
      onSaved();
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form ref={formRef} className="profile client-form" aria-labelledby={`${id}-title`} onSubmit={(event) => void save(event)}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className="profile__fields">
        {inputs.map((input) => {
          const inputId = `${id}-${input.name}`;
          const hint = input.gstin ? gstinHint(values[input.name], GSTIN_EMPTY_HINT) : undefined;
          const common = {
            id: inputId,
            maxLength: input.maxLength,
            value: values[input.name],
            'aria-describedby': hint ? `${inputId}-hint` : undefined,
            onChange: (e: { target: { value: string } }) => setValues({ ...values, [input.name]: e.target.value }),
          };
          // The hint describes the input rather than being part of its name.
          return (
            <div key={input.name} className={input.multiLine ? 'profile__field profile__field--wide' : 'profile__field'}>
              <label htmlFor={inputId}>
                {input.title}
                {input.required ? ' *' : ''}
              </label>
              {input.multiLine ? <textarea rows={3} {...common} /> : <input {...common} />}
              {hint && (
                <small id={`${inputId}-hint`} className="profile__hint">
                  {hint}
                </small>
              )}
            </div>
          );
        })}
      </div>
      <div className="client-form__actions">
        <button type="button" className="button button--plain" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Please Wait' : 'Save Client'}
        </button>
      </div>
    </form>
  );
}
