import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Unit } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import { useCan } from '../auth/can';
import { displayDate } from '../bills/format-date';
import { downloadBlob } from '../ui/download';
import { ConfirmModal } from '../ui/ConfirmModal';
import { useOpenModal } from '../ui/ModalProvider';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import type { SavedPurchase } from './stock-api';
import { rupees } from './stock-figures';
import { newPurchaseRoute, STOCK_ACTIONS, stockRoute } from './stock-paths';
import { StockTable, type StockColumn } from './StockTable';
import { useStockAnswer } from './useStock';
import '../styles/stock.css';

const COLUMNS: Array<StockColumn<SavedPurchase>> = [
  { id: 'date', header: 'Bill date', cell: (row) => displayDate(row.supplierbilldate) },
  { id: 'billno', header: 'Bill No.', cell: (row) => row.supplierbillno },
  {
    id: 'supplier',
    header: 'Supplier',
    cell: (row) => (
      <>
        {row.supplier}
        {row.suppliergstin && <span className="purchase-gstin">{row.suppliergstin}</span>}
      </>
    ),
  },
  { id: 'products', header: 'Products', cell: (row) => row.lines.map((line) => `${line.product} × ${line.qty}`).join(', ') },
  { id: 'taxable', header: 'Taxable', figure: true, cell: (row) => rupees(row.taxable) },
  { id: 'tax', header: 'Tax', figure: true, cell: (row) => rupees(row.tax) },
  { id: 'total', header: 'Total', figure: true, cell: (row) => rupees(row.total) },
];

/** Issue 48: a unit's purchases (stock in), the purchase register the accountant downloads as CSV or Excel. */
export default function PurchasesPage({ unit }: { unit: Unit }) {
  const { stock: api } = useApi();
  const id = useId();
  const can = useCan();
  const mayWrite = can(STOCK_ACTIONS.write);
  const openModal = useOpenModal();
  const { value: purchases, reload } = useStockAnswer((stock) => stock.purchases(unit.slug), [unit.slug]);
  const [busy, setBusy] = useState(false);
  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const file = await api.purchaseRegister(unit.slug, format);
      downloadBlob(file.blob, file.fileName);
    } catch (error) {
      showErrorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (purchase: SavedPurchase) => {
    const what = `${purchase.supplier}'s bill ${purchase.supplierbillno}`;
    const confirmed = await openModal<boolean>(
      (close) => (
        <ConfirmModal
          image="delete"
          title="Delete purchase"
          description={`Are you sure? ${what} and the stock it brought in are deleted.`}
          leftButton={{ label: 'Cancel', onClick: () => close(false) }}
          rightButton={{ label: 'Delete', onClick: () => close(true), tone: 'danger' }}
          onClose={() => close(false)}
        />
      ),
      false,
    );
    if (!confirmed) return;
    try {
      showSuccessToast(await api.deletePurchase(purchase.id));
      reload();
    } catch (error) {
      showErrorToast((error as Error).message);
    }
  };
  const columns = can(STOCK_ACTIONS.remove)
    ? [
        ...COLUMNS,
        {
          id: 'actions',
          header: 'Actions',
          cell: (row: SavedPurchase) => (
            <button type="button" className="button button--small button--danger" aria-label={`Delete purchase ${row.supplierbillno}`} onClick={() => void remove(row)}>
              Delete
            </button>
          ),
        },
      ]
    : COLUMNS;
  return (
    <section className="list-page purchases-page" aria-labelledby={`${id}-title`}>
      <div className="list-heading">
        <h1 id={`${id}-title`}>Purchases: {unit.menuLabel}</h1>
        <div className="stock-actions">
          {mayWrite && (
            <Link className="button button--primary" to={newPurchaseRoute(unit)}>
              New purchase
            </Link>
          )}
          <Link className="button" to={stockRoute(unit)}>
            Stock
          </Link>
          <button type="button" className="button" disabled={busy} onClick={() => void download('csv')}>
            Download CSV
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => void download('xlsx')}>
            Download Excel
          </button>
        </div>
      </div>
      {!purchases && <p className="list-loading">Please Wait</p>}
      {purchases && purchases.length === 0 && <p className="empty-state">No purchases in {unit.menuLabel} yet.</p>}
      {purchases && purchases.length > 0 && (
        <StockTable caption={`Purchases of ${unit.menuLabel}`} columns={columns} rows={purchases} rowId={(row) => String(row.id)} />
      )}
    </section>
  );
}
