import type { Transaction } from 'kysely';
import { parseDecimal, type Registry } from '../../engine/core';
import type { BillStockLine } from '../stock/bill-stock-lines';
import { assertSerials, fromMicro, lockProducts, MICRO, onHand, removeMovements, StockConfirmError, StockRefusedError, writeMovements, type MovementInput, type StockShort } from './stock-ledger';
import { productNamer, stockedByName, type StockedProduct } from './stock-products';
import type { SqlDialect, Tables } from './tables';

type Trx = Transaction<Tables>;

/** What the unit does when a sale wants more than is left (its profile's `oversell`; `ask` unless set). */
export const OVERSELL_CHOICES = ['ask', 'allow', 'refuse'] as const;
export type Oversell = (typeof OVERSELL_CHOICES)[number];

/** What a bill's save (or restore) moves of stock, written in the bill's transaction. */
export interface BillStockWrite {
  unit: string;
  way: 'out' | 'in';
  /** The stocked catalog its lines pick from. */
  catalog: string;
  date: string;
  lines: BillStockLine[];
  /** The operator saw the shortage and saves anyway (`confirmstock`, after a 409 of the `ask` setting). */
  confirmed: boolean;
  /** Filled by the write under the `allow` setting: what was sold beyond stock, for the answer. */
  warnings: StockShort[];
}

const qtyText = (micro: number) => String(fromMicro(micro));

async function oversellOf(trx: Trx, unit: string): Promise<Oversell> {
  const row = await trx.selectFrom('business_profiles').select('profile').where('unit', '=', unit).executeTakeFirst();
  const setting = row ? (JSON.parse(row.profile) as { oversell?: unknown }).oversell : undefined;
  return OVERSELL_CHOICES.find((choice) => choice === setting) ?? 'ask';
}

/** A line's quantity in millionths; a serialised product's lines name exactly as many pieces as the quantity. */
function lineMicro(line: BillStockLine, product: StockedProduct): number {
  const qty = parseDecimal(line.qty);
  if (!qty || qty.lte(0)) throw new StockRefusedError(`Quantity at Sr. No. ${line.srno} must be more than 0.`);
  const micro = Number(qty.times(MICRO).round(0).toFixed(0));
  if (product.serialised && micro !== line.serials.length * MICRO) {
    throw new StockRefusedError(`${product.name} at Sr. No. ${line.srno} has ${product.serialLabel.toLowerCase()}s: name one for each piece (${qty.toFixed()}), not ${line.serials.length}.`);
  }
  if (!product.serialised && line.serials.length > 0) throw new StockRefusedError(`${product.name} at Sr. No. ${line.srno} has no ${product.serialLabel.toLowerCase()}s to name.`);
  return micro;
}

/** Refuses, asks or notes a sale beyond what is left, by the unit's setting. */
async function checkShortage(trx: Trx, write: BillStockWrite, wanted: Map<StockedProduct, number>): Promise<void> {
  const left = await onHand(trx, write.unit, [...wanted.keys()].map((product) => product.id));
  const short: { product: StockedProduct; left: number; wanted: number }[] = [];
  for (const [product, micro] of wanted) {
    const has = Math.max(left.get(product.id) ?? 0, 0);
    if (micro > has) short.push({ product, left: has, wanted: micro });
  }
  if (short.length === 0) return;
  const words = short.map(({ product, left: has }) => `Only ${qtyText(has)} ${product.per} of ${product.name} left in stock.`).join(' ');
  const answer = short.map(({ product, left: has, wanted: want }) => ({ product: product.name, left: fromMicro(has), wanted: fromMicro(want) }));
  const setting = await oversellOf(trx, write.unit);
  if (setting === 'refuse') throw new StockRefusedError(words);
  if (setting === 'ask' && !write.confirmed) throw new StockConfirmError(words, answer);
  write.warnings.push(...answer);
}

/**
 * Replaces a bill's stock movements (row `billId`): the stocked products of its lines are locked, a sale's shortage
 * is refused, asked or allowed by the unit's setting, each serial number must be in stock (a sale) or have gone out
 * (a return). Lines of products not stocked move nothing.
 */
export async function writeBillStock(trx: Trx, dialect: SqlDialect, registry: Registry, billId: number, write: BillStockWrite): Promise<void> {
  await removeMovements(trx, 'bill', billId, productNamer(trx, registry));
  const products = await stockedByName(trx, registry, write.unit, [write.catalog], write.lines.map((line) => line.name));
  await lockProducts(trx, dialect, [...products.values()].map((product) => product.id));
  const movements: MovementInput[] = [];
  const wanted = new Map<StockedProduct, number>();
  for (const line of write.lines) {
    const product = products.get(line.name.toLowerCase());
    if (!product) continue;
    const micro = lineMicro(line, product);
    wanted.set(product, (wanted.get(product) ?? 0) + micro);
    await assertSerials(trx, write.unit, product.id, product, line.serials, write.way === 'out' ? 'out' : 'return');
    movements.push({
      unit: write.unit,
      product_id: product.id,
      move_date: write.date,
      kind: write.way === 'out' ? 'sale' : 'return',
      reason: null,
      qty_micro: write.way === 'out' ? -micro : micro,
      rate_paise: null,
      source: 'bill',
      source_id: billId,
      serials: line.serials,
    });
  }
  const pieces = write.lines.flatMap((line) => line.serials.map((serial) => `${line.name.toLowerCase()}\u0000${serial}`));
  const twice = pieces.find((piece, i) => pieces.indexOf(piece) !== i);
  if (twice) throw new StockRefusedError(`Serial number ${twice.split('\u0000')[1]} is named on two lines.`);
  if (write.way === 'out') await checkShortage(trx, write, wanted);
  await writeMovements(trx, movements);
}

/** A cancelled or deleted bill's stock comes back (a sale) or goes again (a return): its movements are removed. */
export async function removeBillStock(trx: Trx, registry: Registry, billId: number): Promise<void> {
  await removeMovements(trx, 'bill', billId, productNamer(trx, registry));
}

export { StockConfirmError, StockRefusedError };
