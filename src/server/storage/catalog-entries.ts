import type { Db } from './tables';

export interface CatalogEntry {
  id: number;
  name: string;
  /** The catalog's `fills` values (hsn, taxrate ...). */
  details: Record<string, string>;
}

/** Saved product and service lists: one name per list; saving a name again updates its details. */
export function catalogStore(db: Db) {
  return {
    async save(catalog: string, name: string, details: Record<string, string>): Promise<void> {
      const at = new Date().toISOString();
      const json = JSON.stringify(details);
      await db.transaction().execute((trx) =>
        trx
          .insertInto('catalog_entries')
          .values({ catalog, name, details: json, created_at: at, updated_at: at })
          .onConflict((conflict) =>
            conflict.columns(['catalog', 'name']).doUpdateSet({ details: json, updated_at: at }),
          )
          .execute(),
      );
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
        details: JSON.parse(row.details) as Record<string, string>,
      }));
    },
  };
}

export type CatalogStore = ReturnType<typeof catalogStore>;
