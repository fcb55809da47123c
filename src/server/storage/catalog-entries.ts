import { upsertCatalogEntries } from './catalog-upsert';
import type { Db } from './tables';

export interface CatalogEntry {
  id: number;
  name: string;
  /** The catalog's `fills` values (hsn, taxrate ...). */
  details: Record<string, string | number>;
}

/**
 * Saved product and service lists: one name per list, whatever its case; saving a name again updates its
 * details (a detail given empty keeps the saved one).
 */
export function catalogStore(db: Db) {
  return {
    async save(catalog: string, name: string, details: Record<string, string | number>): Promise<void> {
      await db.transaction().execute((trx) => upsertCatalogEntries(trx, [{ catalog, name, details }]));
    },

    /** The list in the order its entries were first saved. */
    async list(catalog: string): Promise<CatalogEntry[]> {
      const rows = await db
        .selectFrom('catalog_entries')
        .select(['id', 'name', 'details'])
        .where('catalog', '=', catalog)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        details: JSON.parse(row.details) as Record<string, string | number>,
      }));
    },
  };
}

export type CatalogStore = ReturnType<typeof catalogStore>;
