import { sql } from 'kysely';
import { paiseToNumber, toDecimal, toPaise, type Registry } from '../../engine/core';
import { stockCatalogsOf } from '../stock/stock-catalogs';
import { fromMicro } from './stock-ledger';
import { productOf, stockedByName, stockedProducts, type StockedProduct } from './stock-products';
import type { Db } from './tables';

export interface StockRow {
  unit: string;
  product: string;
  per: string;
  qty: number;
  reorderlevel: number;
  rate: number;
  value: number;
  low: boolean;
  serialised: boolean;
}

export interface MovementRow {
  date: string;
  kind: string;
  reason?: string;
  doc?: { type: string; billno: number | string; id: number; label: string };
  party?: string;
  qtyin: number;
  qtyout: number;
  balance: number;
}

/** The Rule 56(2) columns of a product over a period (quantities). */
export interface RegisterRow {
  product: string;
  per: string;
  opening: number;
  receipt: number;
  supply: number;
  lost: number;
  stolen: number;
  destroyed: number;
  writtenoff: number;
  gift: number;
  found: number;
  closing: number;
}

/** qty x rate to the paisa, half up (away from zero), exact in integers: thousands of rows without decimal objects. */
function valuePaise(micro: number, ratePaise: number): number {
  const product = BigInt(micro) * BigInt(ratePaise);
  const whole = product / 1_000_000n;
  const rest = product % 1_000_000n;
  const away = rest >= 500_000n ? 1n : rest <= -500_000n ? -1n : 0n;
  return Number(whole + away);
}

const OUT_REASONS = ['lost', 'stolen', 'destroyed', 'writtenoff', 'gift'] as const;

/** The stock's answers: on hand, a product's movements, its serial numbers, the purchase register, the stock register. */
export function stockReads(db: Db, registryOf: () => Registry) {
  async function productIn(unit: string, name: string): Promise<StockedProduct | undefined> {
    const registry = registryOf();
    return (await stockedByName(db, registry, unit, stockCatalogsOf(registry, unit).map((catalog) => catalog.name), [name])).get(name.toLowerCase());
  }

  return {
    productIn,

    /**
     * Each stocked product with what is on hand (as of a day), its value at the latest purchase rate, and whether it is
     * low. One statement: per product, its movements summed and its latest purchase's rate, each an index range.
     */
    async stock(unit: string | undefined, asof?: string): Promise<StockRow[]> {
      const upTo = asof ?? '9999-12-31';
      let query = db
        .selectFrom('stock_products as sp')
        .innerJoin('catalog_entries as ce', 'ce.id', 'sp.product_id')
        .select((eb) => [
          'ce.id', 'ce.name', 'ce.catalog', 'ce.details', 'sp.unit', 'sp.serialised', 'sp.reorder_micro',
          eb
            .selectFrom('stock_movements as m')
            .select((inner) => inner.fn.sum<number | string>('m.qty_micro').as('qty'))
            .whereRef('m.unit', '=', 'sp.unit')
            .whereRef('m.product_id', '=', 'sp.product_id')
            .where('m.move_date', '<=', upTo)
            .as('qty'),
          eb
            .selectFrom('stock_movements as r')
            .select('r.rate_paise')
            .whereRef('r.unit', '=', 'sp.unit')
            .whereRef('r.product_id', '=', 'sp.product_id')
            .where('r.kind', '=', 'purchase')
            .where('r.move_date', '<=', upTo)
            .orderBy('r.move_date', 'desc')
            .orderBy('r.id', 'desc')
            .limit(1)
            .as('rate'),
        ])
        .orderBy('ce.id');
      if (unit) query = query.where('sp.unit', '=', unit);
      const registry = registryOf();
      return (await query.execute()).map((row) => {
        const product = productOf(registry, row);
        const micro = Number(row.qty ?? 0);
        const ratePaise = row.rate === null || row.rate === undefined ? toPaise(toDecimal(product.rate)) : Number(row.rate);
        const value = valuePaise(micro, ratePaise);
        return {
          unit: product.unit, product: product.name, per: product.per, qty: fromMicro(micro), reorderlevel: fromMicro(product.reorderMicro),
          rate: paiseToNumber(ratePaise), value: paiseToNumber(value), low: micro <= product.reorderMicro, serialised: product.serialised,
        };
      });
    },

    /** A product's movements in a period with the running balance; the opening is what moved before `from`. */
    async movements(product: StockedProduct, from?: string, to?: string): Promise<{ opening: number; closing: number; movements: MovementRow[] }> {
      const registry = registryOf();
      const before = from ? ((await db.selectFrom('stock_movements').select((eb) => eb.fn.sum<number | string>('qty_micro').as('qty')).where('unit', '=', product.unit).where('product_id', '=', product.id).where('move_date', '<', from).executeTakeFirst())?.qty ?? 0) : 0;
      let query = db
        .selectFrom('stock_movements as m')
        .leftJoin('bills as b', (join) => join.onRef('b.id', '=', 'm.source_id').on('m.source', '=', 'bill'))
        .leftJoin('purchases as p', (join) => join.onRef('p.id', '=', 'm.source_id').on('m.source', '=', 'purchase'))
        .select(['m.move_date', 'm.kind', 'm.reason', 'm.qty_micro', 'm.source', 'm.source_id', 'b.type', 'b.billno', 'b.printed_no', 'b.client_name', 'p.supplier', 'p.supplier_bill_no'])
        .where('m.unit', '=', product.unit)
        .where('m.product_id', '=', product.id)
        .orderBy('m.move_date')
        .orderBy('m.id');
      if (from) query = query.where('m.move_date', '>=', from);
      if (to) query = query.where('m.move_date', '<=', to);
      let balance = Number(before);
      const movements = (await query.execute()).map((row): MovementRow => {
        const qty = Number(row.qty_micro);
        balance += qty;
        const doc =
          row.source === 'bill' && row.type
            ? { type: row.type, billno: Number(row.billno), id: Number(row.source_id), label: `${registry.byType(row.type)?.menuLabel ?? row.type} ${row.printed_no ?? row.billno}` }
            : row.source === 'purchase'
              ? { type: 'purchase', billno: row.supplier_bill_no ?? '', id: Number(row.source_id), label: `Purchase ${row.supplier_bill_no ?? row.source_id}` }
              : row.source === 'adjustment'
                ? { type: 'stockadjustment', billno: Number(row.source_id), id: Number(row.source_id), label: `Stock adjustment ${row.source_id}` }
                : undefined;
        const party = row.client_name ?? row.supplier ?? undefined;
        return {
          date: row.move_date, kind: row.kind, ...(row.reason && { reason: row.reason }), ...(doc && { doc }), ...(party && { party }),
          qtyin: qty > 0 ? fromMicro(qty) : 0, qtyout: qty < 0 ? fromMicro(-qty) : 0, balance: fromMicro(balance),
        };
      });
      return { opening: fromMicro(Number(before)), closing: fromMicro(balance), movements };
    },

    /** A product's pieces: where each came from and, once gone, the bill it went on. */
    async serials(product: StockedProduct, status?: 'instock' | 'sold') {
      const registry = registryOf();
      const rows = await db
        .selectFrom('stock_serials as s')
        .innerJoin('stock_movements as m', 'm.id', 's.movement_id')
        .leftJoin('bills as b', (join) => join.onRef('b.id', '=', 'm.source_id').on('m.source', '=', 'bill'))
        .leftJoin('purchases as p', (join) => join.onRef('p.id', '=', 'm.source_id').on('m.source', '=', 'purchase'))
        .select(['s.serial', 's.step', 'm.kind', 'm.reason', 'm.move_date', 'm.source', 'm.source_id', 'b.type', 'b.billno', 'b.printed_no', 'b.client_name', 'b.bill_date', 'p.supplier', 'p.supplier_bill_no'])
        .where('s.unit', '=', product.unit)
        .where('s.product_id', '=', product.id)
        .orderBy('m.move_date')
        .orderBy('s.id')
        .execute();
      const pieces = new Map<string, { serial: string; balance: number; came?: object; went?: object }>();
      for (const row of rows) {
        const piece = pieces.get(row.serial) ?? { serial: row.serial, balance: 0 };
        piece.balance += Number(row.step);
        if (Number(row.step) > 0 && !piece.came) {
          const label = row.source === 'purchase' ? `Purchase ${row.supplier_bill_no} from ${row.supplier}` : row.kind === 'opening' ? 'Opening stock' : `${row.kind}${row.reason ? ` (${row.reason})` : ''}`;
          piece.came = { kind: row.kind, label, date: row.move_date };
        }
        if (Number(row.step) < 0 && row.type) {
          piece.went = { type: row.type, billno: Number(row.billno), id: Number(row.source_id), client: row.client_name, billdate: row.bill_date, label: `${registry.byType(row.type)?.menuLabel ?? row.type} ${row.printed_no ?? row.billno}` };
        }
        pieces.set(row.serial, piece);
      }
      return [...pieces.values()]
        .map(({ serial, balance, came, went }) => ({ serial, status: balance > 0 ? ('instock' as const) : ('sold' as const), came, ...(balance <= 0 && went && { went }) }))
        .filter((piece) => !status || piece.status === status);
    },

    /** The Rule 56(2) stock account of a unit for a period: opening (all before `from`), receipts, supplies, each reason, closing. */
    async register(unit: string, from: string, to: string): Promise<RegisterRow[]> {
      const products = await stockedProducts(db, registryOf(), unit);
      const rows = await db
        .selectFrom('stock_movements')
        .select((eb) => [
          'product_id', 'kind', 'reason',
          eb.fn.sum<number | string>(sql`case when move_date < ${from} or kind = 'opening' then qty_micro else 0 end`).as('before'),
          eb.fn.sum<number | string>(sql`case when move_date >= ${from} and kind <> 'opening' then qty_micro else 0 end`).as('during'),
        ])
        .where('unit', '=', unit)
        .where('move_date', '<=', to)
        .groupBy(['product_id', 'kind', 'reason'])
        .execute();
      const byProduct = new Map<number, typeof rows>();
      for (const row of rows) byProduct.set(Number(row.product_id), [...(byProduct.get(Number(row.product_id)) ?? []), row]);
      return products.map((product) => {
        const mine = byProduct.get(product.id) ?? [];
        const during = (test: (row: (typeof rows)[number]) => boolean, sign: 1 | -1) => fromMicro(sign * mine.filter(test).reduce((sum, row) => sum + Number(row.during), 0));
        const opening = fromMicro(mine.reduce((sum, row) => sum + Number(row.before), 0));
        const reasons = Object.fromEntries(OUT_REASONS.map((reason) => [reason, during((row) => row.kind === 'adjustment' && row.reason === reason, -1)])) as Record<(typeof OUT_REASONS)[number], number>;
        const receipt = during((row) => row.kind === 'purchase' || row.kind === 'return', 1);
        const supply = during((row) => row.kind === 'sale', -1);
        const found = during((row) => row.kind === 'adjustment' && row.reason === 'found', 1);
        const closing = fromMicro(mine.reduce((sum, row) => sum + Number(row.before) + Number(row.during), 0));
        return { product: product.name, per: product.per, opening, receipt, supply, ...reasons, found, closing };
      });
    },

    /** The purchase register: each purchase of a period (by the supplier's bill date), money in rupees. */
    async purchases(unit: string | undefined, from?: string, to?: string) {
      let query = db.selectFrom('purchases').selectAll().orderBy('supplier_bill_date').orderBy('id');
      if (unit) query = query.where('unit', '=', unit);
      if (from) query = query.where('supplier_bill_date', '>=', from);
      if (to) query = query.where('supplier_bill_date', '<=', to);
      return (await query.execute()).map((row) => ({
        id: Number(row.id), unit: row.unit, supplier: row.supplier, suppliergstin: row.supplier_gstin, supplierbillno: row.supplier_bill_no,
        supplierbilldate: row.supplier_bill_date, lines: JSON.parse(row.lines) as unknown[], taxable: paiseToNumber(row.taxable), tax: paiseToNumber(row.tax), total: paiseToNumber(row.total),
      }));
    },

    /** The stock fields of products on the product master, by entry id. */
    async productSettings(ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, Record<string, unknown>>();
      const rows = await db.selectFrom('stock_products').selectAll().where('product_id', 'in', [...ids]).execute();
      return new Map(rows.map((row) => [Number(row.product_id), {
        stocked: true, serialised: Number(row.serialised) === 1, reorderlevel: fromMicro(row.reorder_micro), openingqty: fromMicro(row.opening_micro),
        openingdate: row.opening_date, ...(Number(row.serialised) === 1 && { openingserials: JSON.parse(row.opening_serials) as string[] }),
      }]));
    },
  };
}

export type StockReads = ReturnType<typeof stockReads>;
