import { sql, type Transaction } from 'kysely';
import type { Registry } from '../../engine/core';
import { perLabelOf, serialLabelOf } from '../stock/stock-catalogs';
import type { ProductName } from './stock-ledger';
import type { Db, Tables } from './tables';

type Reader = Db | Transaction<Tables>;

/** A stocked product of a unit, as stock writes and answers need it. */
export interface StockedProduct {
  id: number;
  name: string;
  catalog: string;
  unit: string;
  serialised: boolean;
  reorderMicro: number;
  /** The entry's unit of measure as printed (Nos). */
  per: string;
  /** The entry's own sale rate, the value's rate until a purchase gives one. */
  rate: number;
  serialLabel: string;
}

const STOCKED_COLUMNS = ['ce.id', 'ce.name', 'ce.catalog', 'ce.details', 'sp.unit', 'sp.serialised', 'sp.reorder_micro'] as const;

export type StockedRow = { id: number; name: string; catalog: string; details: string; unit: string; serialised: number; reorder_micro: number | string };

export function productOf(registry: Registry, row: StockedRow): StockedProduct {
  const details = JSON.parse(row.details) as Record<string, unknown>;
  const catalog = registry.catalogs[row.catalog];
  const rate = Number(details.rate);
  return {
    id: Number(row.id),
    name: row.name,
    catalog: row.catalog,
    unit: row.unit,
    serialised: Number(row.serialised) === 1,
    reorderMicro: Number(row.reorder_micro),
    per: catalog ? perLabelOf(registry, catalog, details.per) : '',
    rate: Number.isFinite(rate) ? rate : 0,
    serialLabel: serialLabelOf(catalog),
  };
}

const stockedQuery = (reader: Reader) =>
  reader.selectFrom('catalog_entries as ce').innerJoin('stock_products as sp', 'sp.product_id', 'ce.id').select(STOCKED_COLUMNS);

/** The stocked products of some catalogs named (any case) in a unit, by lower-cased name. */
export async function stockedByName(reader: Reader, registry: Registry, unit: string, catalogs: readonly string[], names: readonly string[]): Promise<Map<string, StockedProduct>> {
  const lower = [...new Set(names.map((name) => name.toLowerCase()))];
  if (lower.length === 0 || catalogs.length === 0) return new Map();
  const rows = await stockedQuery(reader)
    .where('sp.unit', '=', unit)
    .where('ce.catalog', 'in', [...catalogs])
    .where(sql<string>`lower(ce.name)`, 'in', lower)
    .orderBy('ce.id')
    .execute();
  const found = new Map<string, StockedProduct>();
  for (const row of rows) if (!found.has(row.name.toLowerCase())) found.set(row.name.toLowerCase(), productOf(registry, row));
  return found;
}

/** Every stocked product of a unit (or of all units), in the order first saved. */
export async function stockedProducts(reader: Reader, registry: Registry, unit?: string): Promise<StockedProduct[]> {
  let query = stockedQuery(reader).orderBy('ce.id');
  if (unit) query = query.where('sp.unit', '=', unit);
  return (await query.execute()).map((row) => productOf(registry, row));
}

/** How messages name a product's pieces, by id (a product deleted from its list since is named by its id). */
export function productNamer(reader: Reader, registry: Registry): (productId: number) => Promise<ProductName> {
  return async (productId) => {
    const row = await reader.selectFrom('catalog_entries').select(['name', 'catalog']).where('id', '=', productId).executeTakeFirst();
    return { name: row?.name ?? `product ${productId}`, serialLabel: serialLabelOf(row && registry.catalogs[row.catalog]) };
  };
}
