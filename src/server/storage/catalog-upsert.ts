import { sql, type Transaction } from 'kysely';
import type { Db, Tables } from './tables';

/** An entry to save into a saved list: its name and its fills (hsn, taxrate ...). */
export interface CatalogUpsert {
  catalog: string;
  name: string;
  details: Record<string, string | number>;
}

const keyOf = (catalog: string, name: string) => `${catalog}\u0000${name.toLowerCase()}`;

/** Keeps each statement well under SQLite's limit on bound values, whatever the bill's length. */
const CHUNK = 400;

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
  return result;
}

/** A fill the bill leaves empty keeps the saved value; the others replace it. */
function merged(saved: Record<string, string | number>, given: Record<string, string | number>): Record<string, string | number> {
  const result = { ...saved };
  for (const [fill, value] of Object.entries(given)) if (value !== '') result[fill] = value;
  return result;
}

/**
 * Saves entries into their lists inside the caller's transaction (a bill's, or a saveproduct call's): a name
 * already in the list, in any case, keeps its spelling and id and takes the new details; a new name is added.
 * One query finds the existing names, one adds the new ones: a 300-line bill costs a few statements.
 */
export async function upsertCatalogEntries(trx: Transaction<Tables> | Db, entries: CatalogUpsert[]): Promise<void> {
  if (!entries.length) return;
  const at = new Date().toISOString();
  const catalogs = [...new Set(entries.map((entry) => entry.catalog))];
  const names = [...new Set(entries.map((entry) => entry.name.toLowerCase()))];
  const existing = [];
  for (const part of chunks(names)) {
    existing.push(
      ...(await trx
        .selectFrom('catalog_entries')
        .select(['id', 'catalog', 'name', 'details'])
        .where('catalog', 'in', catalogs)
        .where(sql<string>`lower(name)`, 'in', part)
        .orderBy('id')
        .execute()),
    );
  }
  existing.sort((a, b) => a.id - b.id);
  const saved = new Map<string, (typeof existing)[number]>();
  for (const row of existing) if (!saved.has(keyOf(row.catalog, row.name))) saved.set(keyOf(row.catalog, row.name), row);

  const added: CatalogUpsert[] = [];
  for (const entry of entries) {
    const row = saved.get(keyOf(entry.catalog, entry.name));
    if (!row) {
      added.push(entry);
      continue;
    }
    const details = JSON.stringify(merged(JSON.parse(row.details) as Record<string, string | number>, entry.details));
    if (details === row.details) continue;
    await trx.updateTable('catalog_entries').set({ details, updated_at: at }).where('id', '=', row.id).execute();
  }
  for (const part of chunks(added)) {
    await trx
      .insertInto('catalog_entries')
      .values(
        part.map((entry) => ({
        catalog: entry.catalog,
        name: entry.name,
        details: JSON.stringify(entry.details),
        created_at: at,
        updated_at: at,
        })),
      )
      // Another transaction added the same name at the same moment: keep its row, with these details.
      .onConflict((conflict) =>
        conflict.columns(['catalog', 'name']).doUpdateSet((eb) => ({ details: eb.ref('excluded.details'), updated_at: at })),
      )
      .execute();
  }
}
