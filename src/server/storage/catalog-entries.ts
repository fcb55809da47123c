import { sql } from 'kysely';
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

    /**
     * Renames an entry and replaces its details (the Products & Services screen: a detail cleared there is
     * cleared). 'taken' when another entry of the list has the name in any case.
     */
    async update(catalog: string, id: number, name: string, details: Record<string, string | number>): Promise<'updated' | 'not-found' | 'taken'> {
      return db.transaction().execute(async (trx) => {
        const same = await trx
          .selectFrom('catalog_entries')
          .select('id')
          .where('catalog', '=', catalog)
          .where(sql<string>`lower(name)`, '=', name.toLowerCase())
          .where('id', '!=', id)
          .executeTakeFirst();
        if (same) return 'taken';
        const result = await trx
          .updateTable('catalog_entries')
          .set({ name, details: JSON.stringify(details), updated_at: new Date().toISOString() })
          .where('catalog', '=', catalog)
          .where('id', '=', id)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n ? 'updated' : 'not-found';
      });
    },

    /** Removes an entry from its list (bills that name it keep their lines); false when there is none. */
    async remove(catalog: string, id: number): Promise<boolean> {
      const result = await db.deleteFrom('catalog_entries').where('catalog', '=', catalog).where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type CatalogStore = ReturnType<typeof catalogStore>;
