import type { Transaction } from 'kysely';
import { round2, toPaise, type Registry } from '../../engine/core';
import type { AdjustmentInput, ProductStockInput, PurchaseInput } from '../stock/stock-input';
import { stockCatalogsOf } from '../stock/stock-catalogs';
import { writeAudit } from './audit';
import { assertSerials, fromMicro, lockProducts, onHand, removeMovements, StockRefusedError, writeMovements, type MovementInput } from './stock-ledger';
import { productNamer, stockedByName, type StockedProduct } from './stock-products';
import type { Db, SqlDialect, Tables } from './tables';

type Trx = Transaction<Tables>;

/** Audit rows of stock documents: the kind of document as the type, its id as the number. */
const auditKey = (unit: string, type: 'purchase' | 'stockadjustment' | 'stockproduct', id: number) => ({ unit, type, billno: id });

/** The stocked products a purchase or adjustment names, each of the unit's stocked lists: refused when one is not. */
async function namedProducts(trx: Trx, registry: Registry, unit: string, names: readonly string[]): Promise<Map<string, StockedProduct>> {
  const products = await stockedByName(trx, registry, unit, stockCatalogsOf(registry, unit).map((catalog) => catalog.name), names);
  const missing = names.find((name) => !products.has(name.toLowerCase()));
  if (missing !== undefined) throw new StockRefusedError(`${missing} is not a stocked product of this unit: save it on the product master as stocked first.`);
  return products;
}

function serialCount(product: StockedProduct, micro: number, serials: readonly string[], where: string): void {
  if (product.serialised && micro !== serials.length * 1_000_000) {
    throw new StockRefusedError(`${product.name}${where} has ${product.serialLabel.toLowerCase()}s: name one for each piece (${fromMicro(micro)}), not ${serials.length}.`);
  }
  if (!product.serialised && serials.length > 0) throw new StockRefusedError(`${product.name}${where} has no ${product.serialLabel.toLowerCase()}s to name.`);
}

/** Purchases, stock adjustments and the product master's stock fields: each write one transaction with its audit row. */
export function stockWrites(db: Db, dialect: SqlDialect, registryOf: () => Registry) {
  const namer = (trx: Trx) => productNamer(trx, registryOf());

  return {
    /**
     * A product's stock fields, in its catalog save's transaction: its unit, serials, reorder level and opening balance
     * (the opening movement and pieces replaced). Not stocked: the settings and opening go (its other movements stay).
     */
    async saveProduct(trx: Trx, unit: string, productId: number, input: ProductStockInput, operator: string): Promise<void> {
      await lockProducts(trx, dialect, [productId]);
      const before = await trx.selectFrom('stock_products').selectAll().where('product_id', '=', productId).executeTakeFirst();
      const sameOpening =
        before !== undefined && input.stocked && Number(before.opening_micro) === input.openingMicro && before.opening_date === input.openingDate &&
        before.opening_serials === JSON.stringify(input.openingSerials);
      // The form sends the opening again with every save: left as it is, pieces of it sold since stay sold.
      if (!sameOpening) await removeMovements(trx, 'opening', productId, namer(trx));
      await trx.deleteFrom('stock_products').where('product_id', '=', productId).execute();
      if (input.stocked) {
        const row = {
          product_id: productId,
          unit,
          serialised: input.serialised ? 1 : 0,
          reorder_micro: input.reorderMicro,
          opening_micro: input.openingMicro,
          opening_date: input.openingDate,
          opening_serials: JSON.stringify(input.openingSerials),
          updated_at: new Date().toISOString(),
        };
        await trx.insertInto('stock_products').values(row).execute();
      }
      if (input.stocked && !sameOpening) {
        const product = await namer(trx)(productId);
        await assertSerials(trx, unit, productId, product, input.openingSerials, 'new');
        if (input.openingMicro > 0) {
          await writeMovements(trx, [{ unit, product_id: productId, move_date: input.openingDate, kind: 'opening', reason: null, qty_micro: input.openingMicro, rate_paise: null, source: 'opening', source_id: productId, serials: input.openingSerials }]);
        }
      }
      const after = await trx.selectFrom('stock_products').selectAll().where('product_id', '=', productId).executeTakeFirst();
      await writeAudit(trx, before ? 'update' : 'create', operator, auditKey(unit, 'stockproduct', productId), before ?? null, after ?? null);
    },

    /** Saves a purchase (or replaces one: its movements and pieces go, the new ones are written). */
    async savePurchase(unit: string, input: PurchaseInput, operator: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const registry = registryOf();
        const products = await namedProducts(trx, registry, unit, input.lines.map((line) => line.product));
        await lockProducts(trx, dialect, [...products.values()].map((product) => product.id));
        const before = input.id === undefined ? undefined : await trx.selectFrom('purchases').selectAll().where('id', '=', input.id).where('unit', '=', unit).executeTakeFirst();
        if (input.id !== undefined && !before) throw new StockRefusedError(`There is no purchase ${input.id} of this unit.`);
        if (before) await removeMovements(trx, 'purchase', before.id, namer(trx));
        const lines = input.lines.map((line, index) => {
          const product = products.get(line.product.toLowerCase())!;
          serialCount(product, line.qtyMicro, line.serials, ` on line ${index + 1}`);
          const taxable = round2(line.qty.times(line.rate));
          const tax = line.tax ?? round2(taxable.times(line.taxrate).div(100));
          return { product, line, taxable, tax };
        });
        const taxable = lines.reduce((sum, { taxable: each }) => sum + toPaise(each), 0);
        const tax = lines.reduce((sum, { tax: each }) => sum + toPaise(each), 0);
        const stored = lines.map(({ product, line, taxable: amount, tax: lineTax }) => ({
          product: product.name, qty: line.qty.toFixed(), rate: line.rate.toFixed(2), taxrate: line.taxrate.toFixed(), taxable: amount.toFixed(2), tax: lineTax.toFixed(2), serials: line.serials,
        }));
        const at = new Date().toISOString();
        const columns = {
          unit, supplier: input.supplier, supplier_gstin: input.suppliergstin, supplier_bill_no: input.supplierbillno, supplier_bill_date: input.supplierbilldate,
          lines: JSON.stringify(stored), taxable, tax, total: taxable + tax, updated_at: at, updated_by: operator,
        };
        const id = before
          ? (await trx.updateTable('purchases').set(columns).where('id', '=', before.id).returning('id').executeTakeFirstOrThrow()).id
          : (await trx.insertInto('purchases').values({ ...columns, created_at: at, created_by: operator }).returning('id').executeTakeFirstOrThrow()).id;
        const movements: MovementInput[] = [];
        for (const { product, line } of lines) {
          await assertSerials(trx, unit, product.id, product, line.serials, 'new');
          movements.push({ unit, product_id: product.id, move_date: input.supplierbilldate, kind: 'purchase', reason: null, qty_micro: line.qtyMicro, rate_paise: toPaise(line.rate), source: 'purchase', source_id: id, serials: line.serials });
        }
        const pieces = lines.flatMap(({ product, line }) => line.serials.map((serial) => `${product.id}/${serial}`));
        const twice = pieces.find((piece, i) => pieces.indexOf(piece) !== i);
        if (twice) throw new StockRefusedError(`Serial number ${twice.split('/').slice(1).join('/')} is named on two lines.`);
        await writeMovements(trx, movements);
        await writeAudit(trx, before ? 'update' : 'create', operator, auditKey(unit, 'purchase', id), before ?? null, { ...columns, lines: stored });
        return id;
      });
    },

    /** Deletes a purchase and its stock; refused when a piece it brought went out since. False when there is none. */
    async deletePurchase(id: number, operator: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) return false;
        const moved = await trx.selectFrom('stock_movements').select('product_id').where('source', '=', 'purchase').where('source_id', '=', id).execute();
        await lockProducts(trx, dialect, moved.map((row) => row.product_id));
        await removeMovements(trx, 'purchase', id, namer(trx));
        await trx.deleteFrom('purchases').where('id', '=', id).execute();
        await writeAudit(trx, 'delete', operator, auditKey(before.unit, 'purchase', id), { ...before, lines: JSON.parse(before.lines) as unknown }, null);
        return true;
      });
    },

    /** A Rule 56(2) adjustment: `found` adds, the others take out (never more than is on hand). */
    async saveAdjustment(unit: string, input: AdjustmentInput, operator: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const product = (await namedProducts(trx, registryOf(), unit, [input.product])).get(input.product.toLowerCase())!;
        await lockProducts(trx, dialect, [product.id]);
        serialCount(product, input.qtyMicro, input.serials, '');
        const adds = input.reason === 'found';
        if (!adds) {
          const left = (await onHand(trx, unit, [product.id])).get(product.id) ?? 0;
          if (input.qtyMicro > left) throw new StockRefusedError(`Only ${fromMicro(Math.max(left, 0))} ${product.per} of ${product.name} left in stock.`);
        }
        await assertSerials(trx, unit, product.id, product, input.serials, adds ? 'return' : 'out');
        const row = {
          unit, product_id: product.id, adjust_date: input.date, reason: input.reason, qty_micro: input.qtyMicro, serials: JSON.stringify(input.serials), note: input.note,
          created_at: new Date().toISOString(), created_by: operator,
        };
        const { id } = await trx.insertInto('stock_adjustments').values(row).returning('id').executeTakeFirstOrThrow();
        await writeMovements(trx, [{
          unit, product_id: product.id, move_date: input.date, kind: 'adjustment', reason: input.reason, qty_micro: adds ? input.qtyMicro : -input.qtyMicro,
          rate_paise: null, source: 'adjustment', source_id: id, serials: input.serials,
        }]);
        await writeAudit(trx, 'create', operator, auditKey(unit, 'stockadjustment', id), null, { ...row, product: product.name });
        return id;
      });
    },
  };
}

export type StockWrites = ReturnType<typeof stockWrites>;
