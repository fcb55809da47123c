import { useId, useState, type FormEvent } from 'react';
import { localIsoDay } from '../../engine/core';
import { SerialChecklist } from '../../engine/react/controls/SerialChecklist';
import { useApi } from '../api/ApiContext';
import { serialList } from '../catalogs/stock-entry';
import { DayInput } from '../ui/DayInput';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import { ADJUSTMENT_REASONS, type AdjustmentReason, type StockRow } from './stock-api';
import { useStockAnswer } from './useStock';

interface AdjustStockFormProps {
  unit: string;
  products: readonly StockRow[];
  onSaved(): void;
  onCancel(): void;
}

/** Found/counted pieces come in; every other Rule 56(2) reason takes pieces out. */
const ADDS: AdjustmentReason = 'found';

/**
 * Issue 48: a stock adjustment for a Rule 56(2) reason with a note. A serialised product names its pieces: those
 * going out are picked from the ones in stock, those found are typed.
 */
export function AdjustStockForm({ unit, products, onSaved, onCancel }: AdjustStockFormProps) {
  const { stock: api } = useApi();
  const id = useId();
  const [product, setProduct] = useState(products[0]?.product ?? '');
  const [date, setDate] = useState(localIsoDay());
  const [reason, setReason] = useState<AdjustmentReason>('lost');
  const [qty, setQty] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const serialised = products.find((row) => row.product === product)?.serialised ?? false;
  const { value: inStock } = useStockAnswer(
    (stock) => (serialised ? stock.serials(unit, product, 'instock') : Promise.resolve([])),
    [unit, product, serialised],
  );
  const serials = reason === ADDS ? serialList(typed) : picked;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const body = { unit, product, date, reason, qty: serialised ? String(serials.length) : qty.trim(), note: note.trim() };
      showSuccessToast(await api.adjust(serialised ? { ...body, serials } : body));
      onSaved();
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="profile stock-form" aria-labelledby={`${id}-title`} onSubmit={(event) => void save(event)}>
      <h2 id={`${id}-title`}>Adjust stock</h2>
      <div className="profile__fields">
        <div className="profile__field">
          <label htmlFor={`${id}-product`}>Product</label>
          <select
            id={`${id}-product`}
            value={product}
            onChange={(event) => {
              setProduct(event.target.value);
              setPicked([]);
            }}
          >
            {products.map((row) => (
              <option key={row.product} value={row.product}>
                {row.product}
              </option>
            ))}
          </select>
        </div>
        <div className="profile__field">
          <label htmlFor={`${id}-date`}>Date</label>
          <DayInput id={`${id}-date`} value={date} onChange={setDate} />
        </div>
        <div className="profile__field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <select id={`${id}-reason`} value={reason} onChange={(event) => setReason(event.target.value as AdjustmentReason)}>
            {ADJUSTMENT_REASONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {serialised ? (
          <div className="profile__field">
            {reason === ADDS ? (
              <>
                <label htmlFor={`${id}-serials`}>Serial numbers found (one per line or comma separated)</label>
                <textarea id={`${id}-serials`} rows={3} value={typed} onChange={(event) => setTyped(event.target.value)} />
              </>
            ) : (
              <>
                <span>Serial numbers</span>
                <SerialChecklist label="Serial numbers" serials={(inStock ?? []).map((row) => row.serial)} picked={picked} onChange={setPicked} />
              </>
            )}
          </div>
        ) : (
          <div className="profile__field">
            <label htmlFor={`${id}-qty`}>Quantity</label>
            <input id={`${id}-qty`} inputMode="decimal" value={qty} onChange={(event) => setQty(event.target.value)} />
          </div>
        )}
        <div className="profile__field profile__field--wide">
          <label htmlFor={`${id}-note`}>Note</label>
          <input id={`${id}-note`} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
        </div>
      </div>
      <div className="client-form__actions">
        <button type="button" className="button button--plain" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving || !product}>
          {saving ? 'Please Wait' : 'Save'}
        </button>
      </div>
    </form>
  );
}
