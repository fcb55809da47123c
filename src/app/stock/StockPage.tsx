import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Unit } from '../../engine/core';
import { useCan } from '../auth/can';
import { AdjustStockForm } from './AdjustStockForm';
import { ProductStock } from './ProductStock';
import type { StockRow } from './stock-api';
import { rupees } from './stock-figures';
import { newPurchaseRoute, purchasesRoute, STOCK_ACTIONS } from './stock-paths';
import { StockRegisterForm } from './StockRegisterForm';
import { StockTable, type StockColumn } from './StockTable';
import { useStockAnswer } from './useStock';
import '../styles/stock.css';

type Open = 'adjust' | 'register' | null;

function stockColumns(onOpen: (row: StockRow) => void): Array<StockColumn<StockRow>> {
  return [
    {
      id: 'product',
      header: 'Product',
      cell: (row) => (
        <button type="button" className="link-button" aria-label={`Movements of ${row.product}`} onClick={() => onOpen(row)}>
          {row.product}
        </button>
      ),
    },
    {
      id: 'qty',
      header: 'On hand',
      figure: true,
      cell: (row) => (
        <>
          {row.low && <span className="stock-low">Low stock</span>} {String(row.qty)}
        </>
      ),
    },
    { id: 'per', header: 'Unit', cell: (row) => row.per },
    { id: 'reorderlevel', header: 'Reorder level', figure: true, cell: (row) => String(row.reorderlevel) },
    { id: 'rate', header: 'Rate', figure: true, cell: (row) => rupees(row.rate) },
    { id: 'value', header: 'Value', figure: true, cell: (row) => rupees(row.value) },
  ];
}

/**
 * Issue 48: a unit's stocked products with what is on hand, its value at the latest purchase rate and a Low stock
 * badge at or under the reorder level; a product opens its movements and serial numbers. Purchases, adjustments and
 * the Rule 56(2) stock register start here.
 */
export default function StockPage({ unit }: { unit: Unit }) {
  const id = useId();
  const can = useCan();
  const mayWrite = can(STOCK_ACTIONS.write);
  const { value: stock, reload } = useStockAnswer((api) => api.stock(unit.slug), [unit.slug]);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const [product, setProduct] = useState<StockRow>();
  const columns = useMemo(() => stockColumns(setProduct), []);
  const wanted = search.trim().toLowerCase();
  const shown = useMemo(() => (stock ?? []).filter((row) => row.product.toLowerCase().includes(wanted)), [stock, wanted]);
  const toggle = (next: Open) => setOpen(open === next ? null : next);

  return (
    <section className="list-page stock-page" aria-labelledby={`${id}-title`}>
      <div className="list-heading">
        <h1 id={`${id}-title`}>Stock: {unit.menuLabel}</h1>
        <div className="stock-actions">
          {mayWrite && (
            <Link className="button button--primary" to={newPurchaseRoute(unit)}>
              New purchase
            </Link>
          )}
          <Link className="button" to={purchasesRoute(unit)}>
            Purchases
          </Link>
          {mayWrite && (
            <button type="button" className="button" aria-pressed={open === 'adjust'} disabled={!stock?.length} onClick={() => toggle('adjust')}>
              Adjust stock
            </button>
          )}
          {can(STOCK_ACTIONS.register) && (
            <button type="button" className="button" aria-pressed={open === 'register'} onClick={() => toggle('register')}>
              Stock register
            </button>
          )}
        </div>
      </div>
      {open === 'adjust' && stock && (
        <AdjustStockForm
          unit={unit.slug}
          products={stock}
          onCancel={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            reload();
          }}
        />
      )}
      {open === 'register' && <StockRegisterForm unit={unit.slug} onClose={() => setOpen(null)} />}
      <div className="list-toolbar">
        <label htmlFor={`${id}-search`}>Search</label>
        <input id={`${id}-search`} type="search" placeholder="Product" value={search} onChange={(event) => setSearch(event.target.value)} />
        {!stock && <span className="list-loading">Please Wait</span>}
      </div>
      {stock && stock.length === 0 ? (
        <p className="empty-state">No stocked products in {unit.menuLabel} yet. Tick Keep stock on a product under Products &amp; Services.</p>
      ) : (
        <StockTable
          caption={`Stock of ${unit.menuLabel}`}
          className="stock-table"
          columns={columns}
          rows={shown}
          rowId={(row) => row.product}
          rowClass={(row) => (row.low ? 'stock-row--low' : undefined)}
        />
      )}
      {product && (
        <ProductStock key={product.product} unit={unit.slug} product={product.product} serialised={product.serialised} onClose={() => setProduct(undefined)} />
      )}
    </section>
  );
}
