import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { clientNameKeys } from '../../src/server/storage/client-name-keys';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

const MULLER = 'Müller GmbH';
const SHOUTED = 'MÜLLER GMBH';
/** "Müller" with the umlaut as a combining mark (NFD), as some keyboards and pasted text send it. */
const DECOMPOSED = 'Mu\u0308ller GmbH';

async function clientList(api: Api, query = ''): Promise<Body[]> {
  const response = await api.get(`/api/common/getclient${query}`);
  expect(response.statusCode).toBe(200);
  return jsonOf(response).clientList;
}

describeEachDatabase('client names in any case, in Unicode (issue 25)', (database) => {
  const api = useApi(database);

  it('are one client whatever the case or Unicode form, saved by hand or by bills, and searched so', async () => {
    const saved = await api.post('/api/common/saveclient', { clientname: MULLER, clientaddress: 'Berlin' });
    expect(saved.statusCode).toBe(200);
    for (const clientname of [SHOUTED, DECOMPOSED, 'müller gmbh', 'MU\u0308LLER GMBH']) {
      const again = await api.post('/api/common/saveclient', { clientname, clientaddress: 'Elsewhere' });
      expect(again.statusCode, clientname).toBe(409);
    }
    const invoice = api.registry.byType('invoice')!;
    expect((await api.save(invoice, 1, { clientname: SHOUTED })).statusCode).toBe(200);
    expect((await api.save(invoice, 2, { clientname: DECOMPOSED })).statusCode).toBe(200);
    expect((await api.save(invoice, 3, { clientname: 'Ölwerke Straße' })).statusCode).toBe(200);

    const all = await clientList(api);
    expect(all.map((client) => client.clientname)).toEqual([MULLER, 'Ölwerke Straße']);
    expect(all[0].billCount).toBe(2);
    for (const search of ['MÜLL', 'müll', 'Mu\u0308ll', 'gmbh']) {
      expect((await clientList(api, `?search=${encodeURIComponent(search)}`)).map((c) => c.clientname), search).toEqual([MULLER]);
    }
    expect((await clientList(api, `?search=${encodeURIComponent('ÖLWERKE STRASSE')}`)).map((c) => c.clientname)).toEqual(['Ölwerke Straße']);

    for (const clientname of [MULLER, SHOUTED, DECOMPOSED]) {
      const bills = jsonOf(await api.post('/api/common/getclientbills', { clientname })).bill as Body[];
      expect(bills.map((bill) => bill.billno).sort(), clientname).toEqual([1, 2]);
    }
  });

  it('migration 0011 makes clients SQLite told apart by case one, keeping the oldest, and keys every bill', async () => {
    const db = api.storage.database.db;
    // The state before 0011: no bill keys, and two clients whose names differ only in case (SQLite's lower()
    // leaves Ü as it is, so both were stored there).
    await sql`drop index bills_by_client_key`.execute(db);
    // Migration 0024's receivables index holds the key too (SQLite drops no column an index names).
    await sql`drop index bills_receivables`.execute(db);
    await db.schema.alterTable('bills').dropColumn('client_key').execute();
    await db.deleteFrom('clients').execute();
    const at = '2026-11-01T00:00:00.000Z';
    await db.insertInto('clients').values([
      { name: 'Zeta Öl AG', name_key: 'zeta Öl ag', fills: '{"clientAddress":"Bern"}', contact: '{}', created_at: at, updated_at: at },
      { name: 'ZETA ÖL AG', name_key: 'zeta Öl ag ', fills: '{"clientGstin":""}', contact: '{"phone":"12345"}', created_at: at, updated_at: at },
    ]).execute();
    await clientNameKeys(async () => false).up(db);

    const rows = await db.selectFrom('clients').select(['name', 'name_key', 'fills', 'contact']).orderBy('id').execute();
    expect(rows).toEqual([
      { name: 'Zeta Öl AG', name_key: 'zeta öl ag', fills: '{"clientGstin":"","clientAddress":"Bern"}', contact: '{"phone":"12345"}' },
    ]);
    const keys = await db.selectFrom('bills').select(['billno', 'client_key']).orderBy('billno').execute();
    expect(keys.map((row) => [row.billno, row.client_key])).toEqual([
      [1, 'müller gmbh'],
      [2, 'müller gmbh'],
      [3, 'ölwerke strasse'],
    ]);
  });
});
