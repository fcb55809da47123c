import type { Transaction } from 'kysely';
import { inChunks } from './bill-balances';
import type { StockMovementTable } from './stock-tables';
import type { Db, SqlDialect, Tables } from './tables';

type Trx = Transaction<Tables>;
type Reader = Db | Trx;

/** A refusal found inside a stock write's transaction (a serial not in stock, too little left): 400 `{msg}`. */
export class StockRefusedError extends Error {}

/** What a sale wants of a product beyond what is left (quantities as numbers). */
export interface StockShort {
  product: string;
  left: number;
  wanted: number;
}

/** A sale of more than is left under the unit's `ask` setting: 409 `{ msg, confirm: "stock", short }`. */
export class StockConfirmError extends Error {
  constructor(message: string, readonly short: StockShort[]) {
    super(message);
  }
}

/** Quantities are kept in millionths (the bills' decimal has at most 6 places), so sums are exact. */
export const MICRO = 1_000_000;
export const fromMicro = (micro: number | string): number => Number(micro) / MICRO;

/** A movement to write: its serial numbers step in (+1) or out (-1) with it, by the sign of its quantity. */
export type MovementInput = Omit<StockMovementTable, 'id'> & { serials: readonly string[] };

/** How a product's serial numbers are named in messages ("Engine number ENG-7 of DG Set 15 kVA"). */
export interface ProductName {
  name: string;
  serialLabel: string;
}

/**
 * The products' rows locked to the end of the transaction on PostgreSQL (in id order, so two writers never wait on
 * each other crosswise): a stock check and the write it allows are then one step for every server. SQLite has one
 * writer, so its transaction is already alone.
 */
export async function lockProducts(trx: Trx, dialect: SqlDialect, ids: readonly number[]): Promise<void> {
  if (dialect !== 'postgres' || ids.length === 0) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await trx.selectFrom('catalog_entries').select('id').where('id', 'in', sorted).orderBy('id').forUpdate().execute();
}

/** Each product's quantity on hand (millionths) in a unit, from its movements dated up to `asof` (all when not given). */
export async function onHand(reader: Reader, unit: string, ids: readonly number[], asof?: string): Promise<Map<number, number>> {
  const rows = await inChunks([...new Set(ids)], (chunk) => {
    let query = reader
      .selectFrom('stock_movements')
      .select((eb) => ['product_id', eb.fn.sum<number | string>('qty_micro').as('qty')])
      .where('unit', '=', unit)
      .where('product_id', 'in', chunk)
      .groupBy('product_id');
    if (asof) query = query.where('move_date', '<=', asof);
    return query.execute();
  });
  return new Map(rows.map((row) => [Number(row.product_id), Number(row.qty)]));
}

/** Each serial's steps summed (1: in stock; 0: gone out; absent: never known) of one product. */
export async function serialBalances(reader: Reader, unit: string, productId: number, serials: readonly string[]): Promise<Map<string, number>> {
  if (serials.length === 0) return new Map();
  // A document names at most a few hundred pieces, well within a statement's bound values.
  const rows = await reader
    .selectFrom('stock_serials')
    .select((eb) => ['serial', eb.fn.sum<number | string>('step').as('balance')])
    .where('unit', '=', unit)
    .where('product_id', '=', productId)
    .where('serial', 'in', [...serials])
    .groupBy('serial')
    .execute();
  return new Map(rows.map((row) => [row.serial, Number(row.balance)]));
}

/**
 * Serial numbers checked before they move: `out` takes pieces in stock; `return` brings back pieces that went out;
 * `new` brings pieces never known for the product (a purchase, an opening balance). Named twice is refused too.
 */
export async function assertSerials(trx: Trx, unit: string, productId: number, product: ProductName, serials: readonly string[], way: 'out' | 'return' | 'new'): Promise<void> {
  const twice = serials.find((serial, i) => serials.indexOf(serial) !== i);
  if (twice !== undefined) throw new StockRefusedError(`${product.serialLabel} ${twice} of ${product.name} is named twice.`);
  const balances = await serialBalances(trx, unit, productId, serials);
  for (const serial of serials) {
    const balance = balances.get(serial);
    const named = `${product.serialLabel} ${serial} of ${product.name}`;
    if (way === 'out' && balance !== 1) throw new StockRefusedError(`${named} is not in stock.`);
    if (way === 'return' && balance !== 0) throw new StockRefusedError(`${named} ${balance === undefined ? 'is not known' : 'is in stock'}: only a piece that went out comes back.`);
    if (way === 'new' && balance !== undefined) throw new StockRefusedError(`${named} is known already: each piece's number comes in once.`);
  }
}

/** Movements a statement: well within both databases' bound values (10 a row). */
const MOVEMENTS_A_STATEMENT = 500;

/**
 * Writes movements and their serial steps (in the caller's transaction). Movements without serial numbers go in a few
 * statements (a 50-line bill in one); each with serials alone, as its steps need its id.
 */
export async function writeMovements(trx: Trx, movements: readonly MovementInput[]): Promise<void> {
  const plain = movements.filter((movement) => movement.serials.length === 0).map(({ serials: _none, ...movement }) => movement);
  for (let start = 0; start < plain.length; start += MOVEMENTS_A_STATEMENT) {
    await trx.insertInto('stock_movements').values(plain.slice(start, start + MOVEMENTS_A_STATEMENT)).execute();
  }
  for (const { serials, ...movement } of movements) {
    if (serials.length === 0) continue;
    const { id } = await trx.insertInto('stock_movements').values(movement).returning('id').executeTakeFirstOrThrow();
    const step = movement.qty_micro > 0 ? 1 : -1;
    await trx
      .insertInto('stock_serials')
      .values(serials.map((serial) => ({ unit: movement.unit, product_id: movement.product_id, serial, movement_id: id, step })))
      .execute();
  }
}

/**
 * Removes a document's movements and serial steps (its edit, cancel or delete). A piece it brought in that went out
 * since cannot be taken back with it: StockRefusedError names the first such serial.
 */
export async function removeMovements(trx: Trx, source: StockMovementTable['source'], sourceId: number, nameOf: (productId: number) => Promise<ProductName>): Promise<void> {
  const movements = await trx.selectFrom('stock_movements').select('id').where('source', '=', source).where('source_id', '=', sourceId).execute();
  if (movements.length === 0) return;
  const ids = movements.map((row) => row.id);
  const steps = await trx.selectFrom('stock_serials').select(['unit', 'product_id', 'serial']).where('movement_id', 'in', ids).execute();
  await trx.deleteFrom('stock_serials').where('movement_id', 'in', ids).execute();
  await trx.deleteFrom('stock_movements').where('id', 'in', ids).execute();
  for (const step of steps) {
    const balance = (await serialBalances(trx, step.unit, step.product_id, [step.serial])).get(step.serial) ?? 0;
    if (balance < 0 || balance > 1) {
      const product = await nameOf(step.product_id);
      const since = balance < 0 ? 'went out after this document brought it in' : 'came in again after this document took it out';
      throw new StockRefusedError(`${product.serialLabel} ${step.serial} of ${product.name} ${since}: undo that first.`);
    }
  }
}
