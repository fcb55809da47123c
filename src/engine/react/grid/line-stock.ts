import { KIND_FACTS } from '../../core/document-kind';
import { parseDecimal, toDecimal, ZERO, type Money } from '../../core/money';
import type { BillType, Catalog, ObjectSpec } from '../../core/registry/types';
import type { Row } from '../../core/rows';
import type { BillServices, StockedProduct } from '../contract';

/** A grid's stock as its rows read it: what is on hand by product (undefined until loaded), and a product's pieces. */
export interface LineStockSource {
  onHand(): ReadonlyMap<string, StockedProduct> | undefined;
  subscribe(listener: () => void): () => void;
  serialsInStock(product: string): Promise<string[]>;
}

/** The fields of a line that name a stocked product and its quantity. */
export interface LineStockFields {
  product: string;
  qty: string;
}

/**
 * Which line field picks from a catalog whose entries may be stocked (catalogs.json `stock`), and which is its
 * quantity (the first factor of the line's amount); undefined for lines that move no stock (services).
 */
export function lineStockFields(spec: ObjectSpec, catalogs: Record<string, Catalog>): LineStockFields | undefined {
  const product = spec.fields.find((field) => field.catalog !== undefined && catalogs[field.catalog]?.stock === true);
  const qty = spec.fields.find((field) => field.productOf)?.productOf?.[0];
  return product && qty ? { product: product.name, qty } : undefined;
}

/** What a stocked line shows beside its quantity: "12 left", or "Only 12 left" when more is asked for. */
export function leftText(row: Row, fields: LineStockFields, stocked: StockedProduct): { text: string; short: boolean } {
  const wanted = parseDecimal(row[fields.qty]);
  const left = parseDecimal(stocked.qty);
  const short = wanted !== null && left !== null && wanted.gt(left);
  const shown = `${String(stocked.qty)}${stocked.per ? ` ${stocked.per}` : ''}`;
  return { text: short ? `Only ${shown} left` : `${shown} left`, short };
}

/**
 * What a saved bill's own lines took of each product: on its edit screen they are still the bill's to sell, so what
 * is left for its lines is the stock on hand plus these.
 */
function ownQuantities(billType: BillType, catalogs: Record<string, Catalog>, bill: Row | undefined): Map<string, Money> {
  const own = new Map<string, Money>();
  const spec = billType.rowsField.rows;
  const fields = spec && lineStockFields(spec, catalogs);
  const rows = bill?.[billType.rowsField.name];
  if (!fields || !Array.isArray(rows)) return own;
  for (const row of rows as Row[]) {
    const product = String(row[fields.product] ?? '').trim();
    const qty = parseDecimal(row[fields.qty]);
    if (product && qty) own.set(product, (own.get(product) ?? ZERO).plus(qty));
  }
  return own;
}

/**
 * The stock a bill's lines show while it is typed: a document kind that takes goods out of stock (KIND_FACTS
 * `stock: "out"`, a sale) reads the unit's stock on hand once, when a grid first asks; other kinds show none. An edit
 * screen gives `savedBill` (read then: the bill as loaded), whose own quantities count as left for its lines.
 */
export function createLineStock(
  services: BillServices,
  billType: BillType,
  catalogs: Record<string, Catalog>,
  savedBill?: () => Row,
): LineStockSource | undefined {
  const { stockOnHand, serialsInStock } = services;
  if (KIND_FACTS[billType.kind].stock !== 'out' || !stockOnHand || !serialsInStock) return undefined;
  let loaded: ReadonlyMap<string, StockedProduct> | undefined;
  let loading = false;
  const listeners = new Set<() => void>();
  const load = () => {
    if (loading) return;
    loading = true;
    const own = ownQuantities(billType, catalogs, savedBill?.());
    stockOnHand(billType.unit).then(
      (products) => {
        const left = (product: StockedProduct) => {
          const mine = own.get(product.product);
          return mine ? { ...product, qty: toDecimal(product.qty).plus(mine).toFixed() } : product;
        };
        loaded = new Map(products.map((product) => [product.product, left(product)]));
        listeners.forEach((listener) => listener());
      },
      // Stock is a help while typing: without it the lines show nothing, and the save still checks.
      () => undefined,
    );
  };
  return {
    onHand: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      load();
      return () => listeners.delete(listener);
    },
    serialsInStock: (product) => serialsInStock(billType.unit, product),
  };
}
