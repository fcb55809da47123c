import { sql, type Kysely } from 'kysely';
import { clientOfBill, type ClientDetails, type Registry } from '../../engine/core';
import type { Tables } from './tables';

const BATCH = 200;

/**
 * The saved clients of a database that kept bills before clients existed: one per client name (any case),
 * with the values of its latest bill (by bill date, then last saved); a value only an older bill has (a GSTIN
 * from a tax bill before a plain one) is kept. Bills of a type the registry no longer has give only a name.
 */
export async function buildClientsFromBills(db: Kysely<Tables>, registryOf: () => Registry): Promise<number> {
  const bills = await db
    .selectFrom('bills')
    .select(['type', 'client_name', 'header'])
    .where('deleted_at', 'is', null)
    .orderBy('bill_date')
    .orderBy('updated_at')
    .orderBy('id')
    .execute();
  if (bills.length === 0) return 0;
  // Loaded only when there are bills to read: a fresh database (or the operator CLI's) does without.
  const registry = registryOf();
  const clients = new Map<string, ClientDetails>();
  for (const bill of bills) {
    const billType = registry.byType(bill.type);
    const header = JSON.parse(bill.header) as Record<string, unknown>;
    const found = billType ? clientOfBill(registry.clients, billType, header) : undefined;
    const client = found ?? { name: bill.client_name.trim(), fills: {}, contact: {} };
    if (!client.name) continue;
    const key = client.name.toLowerCase();
    const earlier = clients.get(key);
    clients.set(key, { ...client, fills: { ...earlier?.fills, ...client.fills } });
  }
  const at = new Date().toISOString();
  const rows = [...clients.values()].map((client) => ({
    name: client.name,
    name_key: sql<string>`lower(${client.name})`,
    fills: JSON.stringify(client.fills),
    contact: '{}',
    created_at: at,
    updated_at: at,
  }));
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insertInto('clients')
      .values(rows.slice(start, start + BATCH))
      // Names JavaScript tells apart but the database's lower() does not: the first stays.
      .onConflict((conflict) => conflict.column('name_key').doNothing())
      .execute();
  }
  return rows.length;
}
