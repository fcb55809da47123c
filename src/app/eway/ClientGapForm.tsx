import { useState } from 'react';
import type { ClientGap } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import { clientInputs, formValues } from '../clients/client-fields';
import { registry } from '../registry';
import { showErrorToast, showSuccessToast } from '../ui/toasts';

const PLACE = 'place';
const PINCODE = 'pincode';

/**
 * A client the e-way bill file was refused for, lacking a place or pincode (issue 50): filled in right here and saved
 * to the client, so the file can be made again without leaving the bill.
 */
export function ClientGapForm({ gap, onSaved }: { gap: ClientGap; onSaved(): void }) {
  const { clients } = useApi();
  const [values, setValues] = useState<Record<string, string>>({ [PLACE]: '', [PINCODE]: '' });
  const [busy, setBusy] = useState(false);
  const spec = registry.clients;
  const needs = [gap.place && PLACE, gap.pincode && PINCODE].filter((name): name is string => Boolean(name));
  const titleOf = (name: string) => spec.contact.find((detail) => detail.name === name)?.title ?? name;

  const save = async () => {
    setBusy(true);
    try {
      const { clients: found } = await clients.list({ search: gap.name, offset: 0, limit: 50 });
      const client = found.find((each) => String(each[spec.key.name] ?? '').trim().toLowerCase() === gap.name.trim().toLowerCase());
      if (!client) throw new Error(`Client ${gap.name} is not saved: add it on the Clients screen.`);
      const saved = formValues(clientInputs(spec), client);
      showSuccessToast(await clients.save({ _id: client._id, ...saved, ...Object.fromEntries(needs.map((name) => [name, values[name].trim()])) }));
      onSaved();
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="eway-panel__form eway-panel__client"
      aria-label={`Client ${gap.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="eway-panel__hint">
        Client {gap.name} has no {needs.map((name) => titleOf(name).toLowerCase()).join(' or ')}, which the e-way bill needs:
      </p>
      {needs.map((name) => (
        <label key={name}>
          {titleOf(name)}
          <input value={values[name]} onChange={(event) => setValues({ ...values, [name]: event.target.value })} />
        </label>
      ))}
      <button type="submit" className="button button--small" disabled={busy}>
        Save to Client
      </button>
    </form>
  );
}
