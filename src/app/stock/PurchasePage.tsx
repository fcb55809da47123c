import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { localIsoDay, type Unit } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import { DayInput } from '../ui/DayInput';
import { gstinHint } from '../ui/gstin-hint';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import { EMPTY_LINE, purchaseBody, purchaseTotals, taxOf, type PurchaseLineInputs } from './purchase-lines';
import { rupees } from './stock-figures';
import { purchasesRoute } from './stock-paths';
import { useStockAnswer } from './useStock';
import '../styles/stock.css';

/**
 * Issue 48: a purchase entry (stock in): the supplier, their GSTIN, bill number and date, and lines of a stocked
 * product, quantity, rate, GST % and tax; a serialised product's line names its pieces' serial numbers.
 */
export default function PurchasePage({ unit }: { unit: Unit }) {
  const { stock: api } = useApi();
  const navigate = useNavigate();
  const id = useId();
  const { value: stock } = useStockAnswer((stockApi) => stockApi.stock(unit.slug), [unit.slug]);
  const [supplier, setSupplier] = useState('');
  const [suppliergstin, setSupplierGstin] = useState('');
  const [supplierbillno, setSupplierBillNo] = useState('');
  const [supplierbilldate, setSupplierBillDate] = useState(localIsoDay());
  const [lines, setLines] = useState<PurchaseLineInputs[]>([EMPTY_LINE]);
  const [saving, setSaving] = useState(false);
  const serialised = (product: string) => stock?.find((row) => row.product === product)?.serialised ?? false;
  const totals = purchaseTotals(lines);
  const setLine = (index: number, change: Partial<PurchaseLineInputs>) => setLines(lines.map((line, i) => (i === index ? { ...line, ...change } : line)));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const header = { unit: unit.slug, supplier: supplier.trim(), supplierbillno: supplierbillno.trim(), supplierbilldate };
      const body = purchaseBody(suppliergstin.trim() ? { ...header, suppliergstin: suppliergstin.trim().toUpperCase() } : header, lines, serialised);
      showSuccessToast(await api.savePurchase(body));
      navigate(purchasesRoute(unit));
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="list-page profile stock-form purchase-form" aria-labelledby={`${id}-title`} onSubmit={(event) => void save(event)}>
      <h1 id={`${id}-title`}>New purchase: {unit.menuLabel}</h1>
      <datalist id={`${id}-products`}>
        {stock?.map((row) => <option key={row.product} value={row.product} />)}
      </datalist>
      <div className="profile__fields">
        <div className="profile__field">
          <label htmlFor={`${id}-supplier`}>Supplier *</label>
          <input id={`${id}-supplier`} maxLength={500} value={supplier} onChange={(event) => setSupplier(event.target.value)} />
        </div>
        <div className="profile__field">
          <label htmlFor={`${id}-gstin`}>Supplier GSTIN</label>
          <input
            id={`${id}-gstin`}
            maxLength={15}
            aria-describedby={`${id}-gstin-hint`}
            value={suppliergstin}
            onChange={(event) => setSupplierGstin(event.target.value)}
          />
          <small id={`${id}-gstin-hint`} className="profile__hint">
            {gstinHint(suppliergstin, 'Leave empty for an unregistered supplier.')}
          </small>
        </div>
        <div className="profile__field">
          <label htmlFor={`${id}-billno`}>Their bill number *</label>
          <input id={`${id}-billno`} maxLength={50} value={supplierbillno} onChange={(event) => setSupplierBillNo(event.target.value)} />
        </div>
        <div className="profile__field">
          <label htmlFor={`${id}-billdate`}>Their bill date *</label>
          <DayInput id={`${id}-billdate`} value={supplierbilldate} onChange={setSupplierBillDate} />
        </div>
      </div>
      <div className="purchase-lines" role="group" aria-label="Lines">
        {lines.map((line, index) => {
          const n = index + 1;
          const field = (name: keyof PurchaseLineInputs, title: string, numeric = true) => (
            <div className="profile__field">
              <label htmlFor={`${id}-${name}-${n}`}>{`${title} ${n}`}</label>
              <input
                id={`${id}-${name}-${n}`}
                inputMode={numeric ? 'decimal' : undefined}
                list={name === 'product' ? `${id}-products` : undefined}
                placeholder={name === 'tax' ? taxOf({ ...line, tax: '' }) : undefined}
                value={line[name]}
                onChange={(event) => setLine(index, { [name]: event.target.value })}
              />
            </div>
          );
          return (
            <div key={index} className="purchase-line">
              {field('product', 'Product', false)}
              {field('qty', 'Quantity')}
              {field('rate', 'Rate')}
              {field('taxrate', 'GST %')}
              {field('tax', 'Tax')}
              <button
                type="button"
                className="button button--small button--danger"
                aria-label={`Remove line ${n}`}
                disabled={lines.length === 1}
                onClick={() => setLines(lines.filter((_line, i) => i !== index))}
              >
                Remove
              </button>
              {serialised(line.product.trim()) && (
                <div className="profile__field profile__field--wide">
                  <label htmlFor={`${id}-serials-${n}`}>{`Serial numbers ${n} (one per line or comma separated)`}</label>
                  <textarea id={`${id}-serials-${n}`} rows={2} value={line.serials} onChange={(event) => setLine(index, { serials: event.target.value })} />
                </div>
              )}
            </div>
          );
        })}
      </div>
      <p className="purchase-totals">
        <button type="button" className="button" onClick={() => setLines([...lines, EMPTY_LINE])}>
          Add line
        </button>
        <span>
          Taxable {rupees(totals.taxable)} · Tax {rupees(totals.tax)} · <strong>Total {rupees(totals.total)}</strong>
        </span>
      </p>
      <div className="client-form__actions">
        <button type="button" className="button button--plain" onClick={() => navigate(purchasesRoute(unit))}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Please Wait' : 'Save purchase'}
        </button>
      </div>
    </form>
  );
}
