import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Catalog } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import type { SavedEntry } from '../api/catalogs-api';
import { EMPTY_FIELD_TITLE, showErrorToast, showSuccessToast } from '../ui/toasts';
import type { CatalogInputs } from './catalog-inputs';
import { mayBeStocked, stockChange, stockInputsOf } from './stock-entry';
import { StockEntryFields } from './StockEntryFields';

interface CatalogEntryFormProps {
  catalog: Catalog;
  inputs: CatalogInputs;
  /** The entry to edit (rename, change its rate ...); a new one without. */
  entry?: SavedEntry;
  onSaved(): void;
  onCancel(): void;
}

/**
 * Adds or edits a saved product or service: its name and what it fills on a bill's line (rate, unit, HSN, GST
 * rate), and on a list that may be stocked its stock (issue 48). The server checks each value as the line's field
 * would, and its refusal is shown in its words.
 */
export function CatalogEntryForm({ catalog, inputs, entry, onSaved, onCancel }: CatalogEntryFormProps) {
  const { catalogs: api } = useApi();
  const id = useId();
  const [name, setName] = useState(entry?.name ?? '');
  const [fills, setFills] = useState<Record<string, string>>(() => ({ ...entry?.fills }));
  const [stock, setStock] = useState(() => stockInputsOf(entry?.extra ?? {}));
  const stockable = mayBeStocked(catalog);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    formRef.current?.scrollIntoView({ block: 'nearest' });
    formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return showErrorToast(EMPTY_FIELD_TITLE, `Please provide the ${catalog.nameKey} name.`);
    setSaving(true);
    try {
      const given = Object.fromEntries(inputs.fills.map((input) => [input.name, (fills[input.name] ?? '').trim()]));
      const extra = stockable ? stockChange(stock, entry) : undefined;
      // The stock fields go with the list's save call (by name), which is the one that keeps them.
      const saved = async () => {
        if (!entry) return extra ? api.add(catalog, name, given, extra) : api.add(catalog, name, given);
        const updated = await api.update(catalog, entry._id, name, given);
        return extra ? api.add(catalog, name, given, extra) : updated;
      };
      showSuccessToast(await saved());
      onSaved();
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form ref={formRef} className="profile client-form" aria-labelledby={`${id}-title`} onSubmit={(event) => void save(event)}>
      <h2 id={`${id}-title`}>{entry ? `Edit: ${entry.name}` : `Add to ${catalog.title}`}</h2>
      <div className="profile__fields">
        <div className="profile__field profile__field--wide">
          <label htmlFor={`${id}-name`}>{inputs.nameTitle} *</label>
          <input id={`${id}-name`} maxLength={500} value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        {inputs.fills.map((input) => {
          const inputId = `${id}-${input.name}`;
          const value = fills[input.name] ?? '';
          const change = (next: string) => setFills({ ...fills, [input.name]: next });
          return (
            <div key={input.name} className="profile__field">
              <label htmlFor={inputId}>{input.title}</label>
              {input.options ? (
                <select id={inputId} value={value} onChange={(event) => change(event.target.value)}>
                  <option value="">—</option>
                  {input.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input id={inputId} inputMode={input.numeric ? 'decimal' : undefined} value={value} onChange={(event) => change(event.target.value)} />
              )}
            </div>
          );
        })}
        {stockable && <StockEntryFields id={`${id}-stock`} value={stock} onChange={setStock} />}
      </div>
      <div className="client-form__actions">
        <button type="button" className="button button--plain" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Please Wait' : 'Save'}
        </button>
      </div>
    </form>
  );
}
