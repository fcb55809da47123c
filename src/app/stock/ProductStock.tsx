import { useId } from 'react';
import { Link } from 'react-router-dom';
import { displayDate } from '../bills/format-date';
import { billLabel, billPath, quantity } from './stock-figures';
import { ADJUSTMENT_REASONS, type MovementDoc, type SerialRow, type StockMovement } from './stock-api';
import { StockTable, type StockColumn } from './StockTable';
import { useStockAnswer } from './useStock';

const KIND_WORDS: Record<StockMovement['kind'], string> = {
  opening: 'Opening stock',
  purchase: 'Purchase',
  sale: 'Sale',
  return: 'Sales return',
  adjustment: 'Adjustment',
};

/** A document named by a movement: a bill links to its edit screen; a purchase or adjustment is its label. */
function DocLink({ doc }: { doc: MovementDoc }) {
  const to = billPath(doc.type, doc.billno);
  return to ? <Link to={to}>{doc.label}</Link> : <>{doc.label}</>;
}

const reasonWords = (reason: string) => ADJUSTMENT_REASONS.find((option) => option.value === reason)?.label ?? reason;

const MOVEMENT_COLUMNS: ReadonlyArray<StockColumn<StockMovement>> = [
  { id: 'date', header: 'Date', cell: (row) => displayDate(row.date) },
  {
    id: 'document',
    header: 'Document',
    // A bill, purchase or adjustment names itself ("Tax Invoice Bill 1", "Purchase PB-118"); the opening stock has none.
    cell: (row) => (
      <>
        {row.doc ? <DocLink doc={row.doc} /> : (KIND_WORDS[row.kind] ?? row.kind)}
        {row.reason ? ` (${reasonWords(row.reason)})` : ''}
      </>
    ),
  },
  { id: 'party', header: 'Party', cell: (row) => row.party ?? '' },
  { id: 'in', header: 'In', figure: true, cell: (row) => quantity(row.qtyin) },
  { id: 'out', header: 'Out', figure: true, cell: (row) => quantity(row.qtyout) },
  { id: 'balance', header: 'Balance', figure: true, cell: (row) => String(row.balance) },
];

const SERIAL_COLUMNS: ReadonlyArray<StockColumn<SerialRow>> = [
  { id: 'serial', header: 'Serial number', cell: (row) => row.serial },
  { id: 'status', header: 'Status', cell: (row) => (row.status === 'instock' ? 'In stock' : 'Sold') },
  { id: 'came', header: 'Came with', cell: (row) => `${row.came.label} (${displayDate(row.came.date)})` },
  {
    id: 'went',
    header: 'Sold on',
    cell: (row) => {
      if (!row.went) return '';
      const to = billPath(row.went.type, row.went.billno);
      const label = billLabel(row.went.type, row.went.billno);
      return (
        <>
          {to ? <Link to={to}>{label}</Link> : label} ({displayDate(row.went.billdate)}) to {row.went.client}
        </>
      );
    },
  },
];

interface ProductStockProps {
  unit: string;
  product: string;
  serialised: boolean;
  onClose(): void;
}

/** Issue 48: one product's movements with their running balance, and its serial numbers in stock and sold. */
export function ProductStock({ unit, product, serialised, onClose }: ProductStockProps) {
  const id = useId();
  const { value: moves } = useStockAnswer((api) => api.movements(unit, product), [unit, product]);
  const { value: serials } = useStockAnswer((api) => (serialised ? api.serials(unit, product) : Promise.resolve([])), [unit, product, serialised]);
  return (
    <section className="stock-product" aria-labelledby={`${id}-title`}>
      <div className="list-heading">
        <h2 id={`${id}-title`}>{product}</h2>
        <button type="button" className="button button--small" onClick={onClose}>
          Close
        </button>
      </div>
      {!moves ? (
        <p className="list-loading">Please Wait</p>
      ) : (
        <StockTable caption={`Movements of ${product}`} columns={MOVEMENT_COLUMNS} rows={moves.movements} rowId={(_row, i) => String(i)} />
      )}
      {serialised && (
        <>
          <h3>Serial numbers</h3>
          {serials && serials.length === 0 && <p className="empty-state">No serial numbers yet.</p>}
          {serials && serials.length > 0 && (
            <StockTable caption={`Serial numbers of ${product}`} columns={SERIAL_COLUMNS} rows={serials} rowId={(row) => row.serial} />
          )}
        </>
      )}
    </section>
  );
}
