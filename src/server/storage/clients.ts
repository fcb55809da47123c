import { sql, type Transaction } from 'kysely';
import { clientNameKey, type ClientDetails } from '../../engine/core';
import { AUDITED_RECORDS, writeAudit } from './audit';
import { isUniqueViolation } from './database';
import type { Db, SqlDialect, Tables } from './tables';

/** A saved client with what its bills say: how many live bills name it, and the latest bill date. */
export interface StoredClient extends ClientDetails {
  id: number;
  billCount: number;
  lastBilled?: string;
}

export interface ClientQuery {
  /** Part of the name, any case. */
  search?: string;
  offset?: number;
  limit?: number;
}

/** A live bill that names a client: enough to answer its type, number, date and total. */
export interface ClientBillRow {
  type: string;
  fy: number;
  billno: number;
  printedNo: string;
  billDate: string;
  header: Record<string, unknown>;
  lines: unknown[];
}

export type ClientSaveResult = 'saved' | 'name-taken' | 'missing';

type Executor = Db | Transaction<Tables>;

const parse = (json: string) => JSON.parse(json) as Record<string, string>;

/** A client's audit rows: not of a unit (every unit's bills name it), numbered by its id. */
const clientAuditKey = (id: number) => ({ unit: 'common', type: AUDITED_RECORDS.client, billno: id });

const AUDITED_COLUMNS = ['name', 'fills', 'contact'] as const;

/** What a client's audit row holds: its name, the bill values it keeps and its contact details. */
const audited = (row: { name: string; fills: string; contact: string }) => ({ name: row.name, fills: parse(row.fills), contact: parse(row.contact) });

/** Bills name a client by their client_key (index bills_by_client_key). */
const namesClient = sql<boolean>`bills.client_key = clients.name_key and bills.deleted_at is null`;

/**
 * Adds or updates the client a bill names, inside the bill's own transaction: a new name is added; a known one
 * (any case) keeps its spelling and takes the bill's values (address, GSTIN) over its own. Insert-first, so two
 * bills of one new client at the same moment both land (the second waits for the first, then updates).
 */
export async function saveClientOfBill(trx: Transaction<Tables>, client: ClientDetails, dialect: SqlDialect): Promise<void> {
  const at = new Date().toISOString();
  const inserted = await trx
    .insertInto('clients')
    .values({
      name: client.name,
      name_key: clientNameKey(client.name),
      fills: JSON.stringify(client.fills),
      contact: '{}',
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.column('name_key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return;
  let existing = trx.selectFrom('clients').select(['id', 'fills']).where('name_key', '=', clientNameKey(client.name));
  if (dialect === 'postgres') existing = existing.forUpdate();
  const row = await existing.executeTakeFirstOrThrow();
  const fills = JSON.stringify({ ...parse(row.fills), ...client.fills });
  await trx.updateTable('clients').set({ fills, updated_at: at }).where('id', '=', row.id).execute();
}

/** The saved clients (clients.json): listed with their bill counts, saved and deleted by hand. */
export function clientStore(db: Db) {
  function filtered(executor: Executor, search: string | undefined) {
    let query = executor.selectFrom('clients');
    const needle = search?.trim();
    if (needle) {
      const pattern = `%${clientNameKey(needle).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where(sql<boolean>`name_key like ${pattern} escape '\\'`);
    }
    return query;
  }

  return {
    /** Clients sorted by name (any case), with the total that match. */
    async list(query: ClientQuery = {}): Promise<{ clients: StoredClient[]; total: number }> {
      let rows = filtered(db, query.search)
        .select(['id', 'name', 'fills', 'contact'])
        .select([
          sql<number | string>`(select count(*) from bills where ${namesClient})`.as('bill_count'),
          sql<string | null>`(select max(bill_date) from bills where ${namesClient})`.as('last_billed'),
        ])
        .orderBy('name_key')
        .orderBy('id');
      if (query.limit !== undefined) rows = rows.limit(query.limit).offset(query.offset ?? 0);
      const [found, count] = await Promise.all([
        rows.execute(),
        filtered(db, query.search)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const clients = found.map((row) => ({
        id: row.id,
        name: row.name,
        fills: parse(row.fills),
        contact: parse(row.contact),
        billCount: Number(row.bill_count),
        ...(row.last_billed ? { lastBilled: row.last_billed } : {}),
      }));
      return { clients, total: Number(count.n) };
    },

    /**
     * Saves a client by hand: a new one without `id`, else that one (its name may change). Refused when another
     * client has the name in any case; 'missing' when `id` names no client. Audited (type `client`, its id).
     */
    async save(id: number | undefined, client: ClientDetails, operator: string): Promise<ClientSaveResult> {
      const at = new Date().toISOString();
      const values = { name: client.name, name_key: clientNameKey(client.name), fills: JSON.stringify(client.fills), contact: JSON.stringify(client.contact) };
      try {
        return await db.transaction().execute(async (trx) => {
          const other = await trx
            .selectFrom('clients')
            .select('id')
            .where('name_key', '=', clientNameKey(client.name))
            .executeTakeFirst();
          if (other && other.id !== id) return 'name-taken';
          if (id === undefined) {
            const { id: added } = await trx.insertInto('clients').values({ ...values, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
            await writeAudit(trx, 'create', operator, clientAuditKey(added), null, audited(values));
            return 'saved';
          }
          const before = await trx.selectFrom('clients').select(AUDITED_COLUMNS).where('id', '=', id).executeTakeFirst();
          if (!before) return 'missing';
          await trx.updateTable('clients').set({ ...values, updated_at: at }).where('id', '=', id).execute();
          await writeAudit(trx, 'update', operator, clientAuditKey(id), audited(before), audited(values));
          return 'saved';
        });
      } catch (error) {
        // The same new name saved twice at one moment: the unique key refuses the second.
        if (isUniqueViolation(error)) return 'name-taken';
        throw error;
      }
    },

    /** Deletes a client, audited, and answers its name; its bills keep their own copy of its details. */
    async remove(id: number, operator: string): Promise<string | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('clients').select(AUDITED_COLUMNS).where('id', '=', id).executeTakeFirst();
        if (!row) return undefined;
        await trx.deleteFrom('clients').where('id', '=', id).execute();
        await writeAudit(trx, 'delete', operator, clientAuditKey(id), audited(row), null);
        return row.name;
      });
    },

    /** A saved client by name (any case), or undefined. */
    async findByName(name: string): Promise<ClientDetails | undefined> {
      const row = await db.selectFrom('clients').select(['name', 'fills', 'contact']).where('name_key', '=', clientNameKey(name)).executeTakeFirst();
      return row && { name: row.name, fills: parse(row.fills), contact: parse(row.contact) };
    },

    /** The live bills of every type that name the client (any case), newest first. */
    async bills(name: string): Promise<ClientBillRow[]> {
      const rows = await db
        .selectFrom('bills')
        .select(['type', 'fy', 'billno', 'printed_no', 'bill_date', 'header', 'lines'])
        .where('client_key', '=', clientNameKey(name))
        .where('deleted_at', 'is', null)
        .orderBy('bill_date', 'desc')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        type: row.type,
        fy: Number(row.fy),
        billno: Number(row.billno),
        printedNo: row.printed_no ?? String(row.billno),
        billDate: row.bill_date,
        header: JSON.parse(row.header) as Record<string, unknown>,
        lines: JSON.parse(row.lines) as unknown[],
      }));
    },
  };
}

export type ClientStore = ReturnType<typeof clientStore>;
