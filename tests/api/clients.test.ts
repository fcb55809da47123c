import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openStorage } from '../../src/server/storage';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

const ACME = { clientname: 'Acme Traders', clientaddress: '12, Lal Baug, Parel, Mumbai 400012' };
/** Real-shaped GSTINs with correct check characters (Maharashtra, Karnataka). */
const GSTIN_MH = '27AAPFU0939F1ZV';
const GSTIN_KA = '29AAGCB7383J1Z4';

async function clients(api: Api, query = ''): Promise<Body[]> {
  const response = await api.get(`/api/common/getclient${query}`);
  expect(response.statusCode).toBe(200);
  return jsonOf(response).clientList;
}

const named = async (api: Api, name: string) => (await clients(api)).find((c) => c.clientname === name);

describeEachDatabase('saved clients (issue 16)', (database) => {
  const api = useApi(database);
  const type = (name: string) => api.registry.byType(name)!;

  it('every create and update saves its client: added once (trimmed, any case), address and GSTIN kept up to date', async () => {
    const taxinvoice = type('taxinvoice');
    const invoice = type('invoice');
    expect((await api.save(taxinvoice, 1, { ...ACME, clientname: '  Acme Traders ', gstno: GSTIN_MH, date: '2026-11-02' })).statusCode).toBe(200);
    expect(await named(api, 'Acme Traders')).toEqual({
      _id: expect.any(String),
      ...ACME,
      gstno: GSTIN_MH,
      billCount: 1,
      lastBilled: '2026-11-02',
    });

    // A plain bill in other capitals: the same client, its address updated, its GSTIN kept.
    const moved = 'Unit 4, Wadala Truck Terminal, Mumbai 400037';
    expect((await api.save(invoice, 1, { clientname: 'ACME TRADERS', clientaddress: moved, date: '2026-11-05' })).statusCode).toBe(200);
    let acme = await named(api, 'Acme Traders');
    expect(acme).toMatchObject({ clientaddress: moved, gstno: GSTIN_MH, billCount: 2, lastBilled: '2026-11-05' });
    expect((await clients(api)).filter((c) => String(c.clientname).toLowerCase() === 'acme traders')).toHaveLength(1);

    // An update of the tax bill with a new GSTIN: the client takes it.
    const updated = await api.save(taxinvoice, 1, { ...ACME, gstno: GSTIN_KA, date: '2026-11-02' }, 'update');
    expect(updated.statusCode).toBe(200);
    acme = await named(api, 'Acme Traders');
    expect(acme).toMatchObject({ clientaddress: ACME.clientaddress, gstno: GSTIN_KA, billCount: 2 });
  });

  it('a refused bill saves no client', async () => {
    const response = await api.save(type('taxinvoice'), 2, { clientname: 'Never Saved Ltd', gstno: 'short' });
    expect(response.statusCode).toBe(400);
    expect(await named(api, 'Never Saved Ltd')).toBeUndefined();
  });

  it('lists clients sorted by name (any case), filtered by any part of the name, paged with a total', async () => {
    for (const clientname of ['zenith motors', 'Bharat Roadways', 'akash logistics']) {
      expect((await api.post('/api/common/saveclient', { clientname, clientaddress: 'Pune' })).statusCode).toBe(200);
    }
    const names = (await clients(api)).map((c) => c.clientname);
    expect(names).toEqual([...names].sort((a, b) => String(a).toLowerCase().localeCompare(String(b).toLowerCase())));
    expect(names).toEqual(expect.arrayContaining(['zenith motors', 'Bharat Roadways', 'akash logistics']));
    expect((await clients(api, '?search=ROAD')).map((c) => c.clientname)).toEqual(['Bharat Roadways']);
    expect(await clients(api, '?search=50%25_off')).toEqual([]);
    const page = jsonOf(await api.get('/api/common/getclient?search=a&limit=2'));
    expect(page.clientList).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect((await api.get('/api/common/getclient?limit=0')).statusCode).toBe(400);
  });

  it('saveclient adds and edits by hand, with phone and e-mail; absent values are left out', async () => {
    const saved = await api.post('/api/common/saveclient', {
      clientname: ' Kaveri Agro Industries ',
      clientaddress: 'Hosur Road, Bengaluru 560068',
      gstno: '29aagcb7383j1z4',
      phone: '+91 80 4110 2200',
      email: 'accounts@kaveri.example',
    });
    expect(saved.statusCode).toBe(200);
    expect(jsonOf(saved)).toEqual({ msg: 'Client "Kaveri Agro Industries" saved.' });
    const kaveri = await named(api, 'Kaveri Agro Industries');
    expect(kaveri).toEqual({
      _id: expect.any(String),
      clientname: 'Kaveri Agro Industries',
      clientaddress: 'Hosur Road, Bengaluru 560068',
      gstno: GSTIN_KA,
      phone: '+91 80 4110 2200',
      email: 'accounts@kaveri.example',
      billCount: 0,
    });

    const renamed = await api.post('/api/common/saveclient', {
      _id: kaveri!._id,
      clientname: 'Kaveri Agro Industries Pvt Ltd',
      clientaddress: 'Hosur Road, Bengaluru 560068',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await named(api, 'Kaveri Agro Industries')).toBeUndefined();
    expect(await named(api, 'Kaveri Agro Industries Pvt Ltd')).toEqual({
      _id: kaveri!._id,
      clientname: 'Kaveri Agro Industries Pvt Ltd',
      clientaddress: 'Hosur Road, Bengaluru 560068',
      billCount: 0,
    });
  });

  it('refuses a name another client has (any case) with 409, and an unknown _id with 404', async () => {
    await api.post('/api/common/saveclient', { clientname: 'Deccan Fuels', clientaddress: 'Nashik' });
    const before = await clients(api);
    const taken = await api.post('/api/common/saveclient', { clientname: 'deccan fuels ', clientaddress: 'Elsewhere' });
    expect(taken.statusCode).toBe(409);
    expect(jsonOf(taken)).toEqual({ msg: 'A client named "deccan fuels" already exists.' });
    const other = (await named(api, 'zenith motors'))!;
    const renameOnto = await api.post('/api/common/saveclient', { _id: other._id, clientname: 'DECCAN FUELS', clientaddress: 'x' });
    expect(renameOnto.statusCode).toBe(409);
    const missing = await api.post('/api/common/saveclient', { _id: '999999', clientname: 'Ghost', clientaddress: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(jsonOf(missing)).toEqual({ msg: 'Client not found.' });
    expect(await clients(api)).toEqual(before);
  });

  it('checks a client like a bill: the spec messages, then the GSTIN format and check character, then contact details', async () => {
    const cases: [Body, string][] = [
      [{ clientaddress: 'x' }, 'Please provide your client company name.'],
      [{ clientname: '   ', clientaddress: 'x' }, 'Please provide your client company name.'],
      [{ clientname: 'A' }, 'Please provide your client company address.'],
      [{ clientname: 'A', clientaddress: 'x', gstno: '27AAPFU0939F1Z' }, 'Please provide your client 15 digit GST no.'],
      [{ clientname: 'A', clientaddress: 'x', gstno: '27AAPFU0939F1ZW' }, 'Client GSTIN 27AAPFU0939F1ZW is not valid: please check it.'],
      [{ clientname: 'A', clientaddress: 'x', gstno: '27AAPF00939F1ZV' }, 'Client GSTIN 27AAPF00939F1ZV is not valid: please check it.'],
      [{ clientname: 'A', clientaddress: 'x', gstno: '45AAPFU0939F1ZV' }, 'Client GSTIN 45AAPFU0939F1ZV is not valid: please check it.'],
      [{ clientname: 'A', clientaddress: 'x', email: 'not an address' }, 'Please provide a valid e-mail address.'],
      [{ clientname: 'A', clientaddress: 'x', phone: 'call me' }, 'Please provide a valid phone number (digits, spaces, + ( ) -).'],
      [{ clientname: 42, clientaddress: 'x' }, 'Client Company Name must be text.'],
      [{ _id: 'abc', clientname: 'A', clientaddress: 'x' }, '_id must be the _id of a saved client.'],
    ];
    const before = await clients(api);
    for (const [body, msg] of cases) {
      const response = await api.post('/api/common/saveclient', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(jsonOf(response)).toEqual({ msg });
    }
    expect(await clients(api)).toEqual(before);
  });

  it("lists a client's bills across every bill type, newest first, with each grand total", async () => {
    const name = 'Sahyadri Earthmovers';
    const client = { clientname: name, clientaddress: 'Satara' };
    await api.save(type('taxinvoice'), 10, { ...client, gstno: GSTIN_MH, date: '2026-10-01' });
    await api.save(type('invoice'), 10, { ...client, clientname: 'sahyadri earthmovers', date: '2026-11-15' });
    await api.save(type('service'), 10, { ...client, date: '2026-09-30' });
    await api.save(type('quotation'), 10, { ...client, date: '2026-11-10' });
    await api.post('/api/common/deletebill', { billtype: 'quotation', billno: 10 });

    const response = await api.post('/api/common/getclientbills', { clientname: ` ${name.toUpperCase()} ` });
    expect(response.statusCode).toBe(200);
    // Two lines of 4,999.98: 9,999.96 (+ 18% GST in Maharashtra: CGST 900.00 + SGST 900.00), to the rupee.
    // The service bill: two products of 1,200.
    expect(jsonOf(response)).toEqual({
      bill: [
        { billtype: 'invoice', billno: 10, fy: '2026-27', printedno: '10', date: '2026-11-15', total: 10000 },
        { billtype: 'taxinvoice', billno: 10, fy: '2026-27', printedno: '10', date: '2026-10-01', total: 11800 },
        { billtype: 'service', billno: 10, fy: '2026-27', printedno: '10', date: '2026-09-30', total: 2400 },
      ],
    });
    expect(await named(api, name)).toMatchObject({ billCount: 3, lastBilled: '2026-11-15' });
    expect(jsonOf(await api.post('/api/common/getclientbills', { clientname: 'Nobody' }))).toEqual({ bill: [] });
    const empty = await api.post('/api/common/getclientbills', {});
    expect(empty.statusCode).toBe(400);
    expect(jsonOf(empty)).toEqual({ msg: 'Please provide your client company name.' });
  });

  it('deletes a client; its bills keep their own copy of its details', async () => {
    const acme = (await named(api, 'Acme Traders'))!;
    const deleted = await api.post('/api/common/deleteclient', { _id: acme._id });
    expect(deleted.statusCode).toBe(200);
    expect(jsonOf(deleted)).toEqual({ msg: 'Client "Acme Traders" deleted.' });
    expect(await named(api, 'Acme Traders')).toBeUndefined();
    const { bill } = jsonOf(await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 1 }));
    expect(bill).toMatchObject({ ...ACME, gstno: GSTIN_KA });
    expect((await api.post('/api/common/deleteclient', { _id: acme._id })).statusCode).toBe(404);
    expect((await api.post('/api/common/deleteclient', {})).statusCode).toBe(400);
  });

  it('answers 10,000 clients sorted, and searches them', async () => {
    const db = api.storage.database.db;
    const at = new Date().toISOString();
    for (let start = 0; start < 10_000; start += 500) {
      const rows = Array.from({ length: 500 }, (_, i) => {
        const name = `Bulk Client ${String(start + i).padStart(5, '0')}`;
        return { name, name_key: sql<string>`lower(${name})`, fills: '{"clientAddress":"Thane"}', contact: '{}', created_at: at, updated_at: at };
      });
      await db.insertInto('clients').values(rows).execute();
    }
    const all = await clients(api);
    expect(all.length).toBeGreaterThan(10_000);
    const bulk = all.filter((c) => String(c.clientname).startsWith('Bulk Client'));
    expect(bulk).toHaveLength(10_000);
    expect(bulk[0]).toEqual({ _id: expect.any(String), clientname: 'Bulk Client 00000', clientaddress: 'Thane', billCount: 0 });
    expect(bulk[9_999].clientname).toBe('Bulk Client 09999');
    const found = jsonOf(await api.get('/api/common/getclient?search=client%200777&limit=20'));
    expect(found.total).toBe(10);
    expect(found.clientList.map((c: Body) => c.clientname)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Bulk Client 0777${i}`),
    );
  });
});

describeEachDatabase('clients from the bills of an older database (migration 0008)', (database) => {
  it('builds each client once from the bills already stored, the latest bill winning', async () => {
    const scratch = await database.create();
    try {
      let storage = await openStorage(scratch.options);
      const record = (type: string, billno: number, billDate: string, header: Body) => ({
        unit: type.startsWith('tax') ? 'gst' : 'alfadiesel',
        type,
        fy: 2025,
        billno,
        printedNo: String(billno),
        billDate,
        clientName: String(header.clientname),
        header: { date: billDate, ...header },
        lines: [],
      });
      await storage.bills.create(record('taxinvoice', 1, '2026-01-10', { clientname: 'Old Client', clientaddress: 'First address', gstno: GSTIN_MH }), 'op', '{n}');
      await storage.bills.create(record('invoice', 1, '2026-03-01', { clientname: 'OLD CLIENT', clientaddress: 'Latest address' }), 'op', '{n}');
      await storage.bills.create(record('invoice', 2, '2026-02-01', { clientname: 'old client', clientaddress: 'Middle address' }), 'op', '{n}');
      await storage.bills.create(record('invoice', 3, '2026-02-01', { clientname: 'Gone Client', clientaddress: 'x' }), 'op', '{n}');
      await storage.bills.softDelete({ unit: 'alfadiesel', type: 'invoice', billno: 3 }, 'op');
      // Back to the database as it was before clients existed: no table, no index, migration 0008 not run (0009
      // is taken back with it, as its table is dropped; the later ones stay run: they touch neither).
      const db = storage.database.db;
      await sql`drop index bills_by_client`.execute(db);
      await sql`drop table clients`.execute(db);
      await sql`drop table bill_conversions`.execute(db);
      await sql`delete from kysely_migration where name >= '0008' and name < '0010'`.execute(db);
      await storage.close();

      storage = await openStorage(scratch.options);
      const { clients: built } = await storage.clients.list();
      expect(built).toEqual([
        {
          id: expect.any(Number),
          name: 'OLD CLIENT',
          fills: { clientAddress: 'Latest address', clientGstin: GSTIN_MH },
          contact: {},
          billCount: 3,
          lastBilled: '2026-03-01',
        },
      ]);
      await storage.close();
    } finally {
      await scratch.dispose();
    }
  });
});
