import { sql, type Transaction } from 'kysely';
import { writeAudit } from './audit';
import { upsertCatalogEntries } from './catalog-upsert';
import type { Db, Tables } from './tables';

export interface CatalogEntry {
  id: number;
  name: string;
  /** The catalog's `fills` values (hsn, taxrate ...). */
  details: Record<string, string | number>;
}

type Details = Record<string, string | number>;

/** An entry's audit rows: its list's name as the type (product, service ...), its id as the number, of no unit. */
const auditKey = (catalog: string, id: number) => ({ unit: 'common', type: catalog, billno: id });

/** What an entry's audit row holds: its name and details. */
const audited = (row: { name: string; details: string }) => ({ name: row.name, details: JSON.parse(row.details) as Details });

/** The entry of a list with a name in any case (the first saved, as the upsert keeps it). */
function entryNamed(trx: Transaction<Tables>, catalog: string, name: string) {
  return trx
    .selectFrom('catalog_entries')
    .select(['id', 'name', 'details'])
    .where('catalog', '=', catalog)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Saved product and service lists: one name per list, whatever its case; saving a name again updates its
 * details (a detail given empty keeps the saved one). Each change by hand is audited in its own transaction; what
 * a bill's save adds to the lists is covered by the bill's own audit row.
 */
export function catalogStore(db: Db) {
  return {
    /**
     * Saves an entry by name; audited when it is new or its details changed (saving it as it is changes nothing).
     * `alsoWrite` stores what else the save carries (a product's stock fields) in the same transaction.
     */
    async save(catalog: string, name: string, details: Details, operator: string, alsoWrite?: (trx: Transaction<Tables>, entryId: number) => Promise<void>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await entryNamed(trx, catalog, name);
        await upsertCatalogEntries(trx, [{ catalog, name, details }]);
        const after = (await entryNamed(trx, catalog, name))!;
        if (alsoWrite) await alsoWrite(trx, after.id);
        if (before && before.details === after.details) return;
        await writeAudit(trx, before ? 'update' : 'create', operator, auditKey(catalog, after.id), before ? audited(before) : null, audited(after));
      });
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
        details: JSON.parse(row.details) as Details,
      }));
    },

    /**
     * Renames an entry and replaces its details (the Products & Services screen: a detail cleared there is
     * cleared), audited. 'taken' when another entry of the list has the name in any case. `alsoWrite` as for save.
     */
    async update(catalog: string, id: number, name: string, details: Details, operator: string, alsoWrite?: (trx: Transaction<Tables>, entryId: number) => Promise<void>): Promise<'updated' | 'not-found' | 'taken'> {
      return db.transaction().execute(async (trx) => {
        const same = await trx
          .selectFrom('catalog_entries')
          .select('id')
          .where('catalog', '=', catalog)
          .where(sql<string>`lower(name)`, '=', name.toLowerCase())
          .where('id', '!=', id)
          .executeTakeFirst();
        if (same) return 'taken';
        const before = await trx.selectFrom('catalog_entries').select(['name', 'details']).where('catalog', '=', catalog).where('id', '=', id).executeTakeFirst();
        if (!before) return 'not-found';
        const after = { name, details: JSON.stringify(details) };
        await trx
          .updateTable('catalog_entries')
          .set({ ...after, updated_at: new Date().toISOString() })
          .where('catalog', '=', catalog)
          .where('id', '=', id)
          .execute();
        await writeAudit(trx, 'update', operator, auditKey(catalog, id), audited(before), audited(after));
        if (alsoWrite) await alsoWrite(trx, id);
        return 'updated';
      });
    },

    /** Removes an entry from its list, audited (bills that name it keep their lines); false when there is none. */
    async remove(catalog: string, id: number, operator: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('catalog_entries').select(['name', 'details']).where('catalog', '=', catalog).where('id', '=', id).executeTakeFirst();
        if (!before) return false;
        await trx.deleteFrom('catalog_entries').where('catalog', '=', catalog).where('id', '=', id).execute();
        await writeAudit(trx, 'delete', operator, auditKey(catalog, id), audited(before), null);
        return true;
      });
    },
  };
}

export type CatalogStore = ReturnType<typeof catalogStore>;
