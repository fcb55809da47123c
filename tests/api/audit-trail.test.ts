import { expect, it } from 'vitest';
import { financialYearLabel, financialYearOf, localIsoDay } from '../../src/engine/core';
import { gstProfile } from '../fixtures/profile';
import { validPayload } from '../fixtures/payloads';
import { describeEachDatabase } from './databases';
import { jsonOf, OPERATOR, useApi, type Api, type Body } from './harness';
import { signedInAs } from './roles-support';

interface AuditRow {
  operator: string;
  action: string;
  unit: string;
  type: string;
  billno: number;
  before: any;
  after: any;
}

async function lastId(api: Api): Promise<number> {
  const row = await api.storage.database.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The audit rows written after row `since`, oldest first. */
async function rowsAfter(api: Api, since: number): Promise<AuditRow[]> {
  const rows = await api.storage.database.db
    .selectFrom('audit_log')
    .select(['operator', 'action', 'unit', 'type', 'billno', 'before', 'after'])
    .where('id', '>', since)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, billno: Number(row.billno), before: row.before && JSON.parse(row.before), after: row.after && JSON.parse(row.after) }));
}

/** Makes a call that must succeed and answers the one audit row it wrote. */
async function oneRowOf(api: Api, path: string, body: unknown): Promise<AuditRow> {
  const since = await lastId(api);
  const answer = await api.post(path, body);
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  const rows = await rowsAfter(api, since);
  expect(rows).toHaveLength(1);
  return rows[0];
}

const TODAY = localIsoDay();

describeEachDatabase('the audit trail: every change on record, and its readers (issue 45)', (database) => {
  const api = useApi(database, undefined, { mailAllowPrivateHosts: true });
  const type = (name: string) => api.registry.byType(name)!;
  const billBody = (name: string, billno: number, overrides: Body, method: 'create' | 'update' = 'create') => ({
    method,
    type: name,
    ...validPayload(type(name), 1, { invoiceno: billno, ...overrides }),
  });

  it('writes exactly one row, with who, before and after, for each change of a client, product, bill and setting', async () => {
    const by = { operator: OPERATOR.email };
    const created = await oneRowOf(api, '/api/common/saveclient', { clientname: 'Ravi Motors', clientaddress: 'Pune', phone: '98200 11111' });
    expect(created).toMatchObject({ ...by, action: 'create', unit: 'common', type: 'client', before: null });
    expect(created.after).toEqual({ name: 'Ravi Motors', fills: { clientAddress: 'Pune' }, contact: { phone: '98200 11111' } });
    const id = created.billno;
    const updated = await oneRowOf(api, '/api/common/saveclient', { _id: String(id), clientname: 'Ravi Motors', clientaddress: 'Nashik' });
    expect(updated).toMatchObject({ ...by, action: 'update', type: 'client', billno: id, before: created.after });
    expect(updated.after.fills).toEqual({ clientAddress: 'Nashik' });
    const deleted = await oneRowOf(api, '/api/common/deleteclient', { _id: String(id) });
    expect(deleted).toMatchObject({ ...by, action: 'delete', type: 'client', billno: id, before: updated.after, after: null });

    const product = await oneRowOf(api, '/api/common/saveproduct', { product: 'Engine oil', rate: 450, per: 'no' });
    expect(product).toMatchObject({ ...by, action: 'create', unit: 'common', type: 'product', before: null, after: { name: 'Engine oil', details: { rate: 450, per: 'no' } } });
    const renamed = await oneRowOf(api, '/api/common/updatecatalogentry', { catalog: 'product', _id: String(product.billno), product: 'Engine oil 15W40', rate: 475, per: 'no' });
    expect(renamed).toMatchObject({ action: 'update', type: 'product', billno: product.billno, before: product.after, after: { name: 'Engine oil 15W40', details: { rate: 475, per: 'no' } } });
    const resaved = await oneRowOf(api, '/api/common/saveproduct', { product: 'engine OIL 15w40', rate: 480 });
    expect(resaved).toMatchObject({ action: 'update', billno: product.billno, before: renamed.after, after: { name: 'Engine oil 15W40', details: { rate: 480, per: 'no' } } });
    const removed = await oneRowOf(api, '/api/common/deletecatalogentry', { catalog: 'product', _id: String(product.billno) });
    expect(removed).toMatchObject({ action: 'delete', type: 'product', before: resaved.after, after: null });

    const bill = await oneRowOf(api, type('invoice').createPath, billBody('invoice', 3, {}));
    expect(bill).toMatchObject({ ...by, action: 'create', unit: 'alfadiesel', type: 'invoice', billno: 3, before: null });
    const edited = await oneRowOf(api, type('invoice').createPath, billBody('invoice', 3, { clientaddress: 'Panvel' }, 'update'));
    expect(edited).toMatchObject({ action: 'update', before: bill.after, after: { header: { clientaddress: 'Panvel' } } });
    const gone = await oneRowOf(api, '/api/common/deletebill', { billtype: 'invoice', billno: 3, fy: financialYearLabel(financialYearOf('2026-11-21')) });
    expect(gone).toMatchObject({ action: 'delete', before: edited.after, after: null });

    const profile = await oneRowOf(api, '/api/gst/saveprofile', gstProfile());
    expect(profile).toMatchObject({ ...by, action: 'profile', unit: 'gst', type: 'profile', before: null, after: { companyName: 'ALFA DIESEL SERVICES' } });
    const lock = await oneRowOf(api, '/api/gst/lockperiod', { upto: '2026-04-30' });
    expect(lock).toMatchObject({ ...by, action: 'lock', unit: 'gst', type: 'filed-period', after: { upto: '2026-04-30' } });
    const operator = await oneRowOf(api, '/api/common/addoperator', { email: 'clerk@alfadiesel.test', role: 'operator', units: null, password: 'first password 1' });
    expect(operator).toMatchObject({ ...by, action: 'operator', type: 'operator', before: null, after: { email: 'clerk@alfadiesel.test', role: 'operator' } });
  });

  it('records mail settings before and after alike, whether a password is set, never the password', async () => {
    const settings = (host: string) => ({ host, port: 2525, security: 'none', user: 'billing', password: 'Sesame-Open-4417', fromname: 'Alfa', fromaddress: 'billing@alfadiesel.test', replyto: '' });
    await oneRowOf(api, '/api/alfadiesel/savemailsettings', settings('127.0.0.1'));
    const since = await lastId(api);
    await oneRowOf(api, '/api/alfadiesel/savemailsettings', settings('127.0.0.2'));
    const [row] = await rowsAfter(api, since);
    const fields = { port: 2525, security: 'none', user: 'billing', fromname: 'Alfa', fromaddress: 'billing@alfadiesel.test', replyto: '', passwordset: true };
    expect(row).toMatchObject({ action: 'mail-settings', unit: 'alfadiesel', type: 'mail-settings' });
    expect(row.before).toEqual({ host: '127.0.0.1', ...fields });
    expect(row.after).toEqual({ host: '127.0.0.2', ...fields });
    const stored = await api.storage.database.db.selectFrom('audit_log').select(['before', 'after']).where('type', '=', 'mail-settings').execute();
    expect(JSON.stringify(stored)).not.toContain('Sesame');
  });

  it('writes no row for a refused change (400)', async () => {
    const since = await lastId(api);
    for (const [path, body] of [
      ['/api/common/saveclient', { clientaddress: 'No name' }],
      ['/api/common/saveproduct', { product: '   ', rate: 10 }],
      ['/api/common/updatecatalogentry', { catalog: 'product', _id: '1', product: '' }],
      [type('invoice').createPath, billBody('invoice', 4, { clientname: '' })],
      ['/api/gst/lockperiod', { upto: '2026-04-15' }],
    ] as const) {
      const answer = await api.post(path, body);
      expect(answer.statusCode, path).toBe(400);
      expect(jsonOf(answer).msg, path).toEqual(expect.any(String));
    }
    expect(await rowsAfter(api, since)).toEqual([]);
  });

  it("lists a bill's history oldest first, field by field: a create's figures, an address changed, a line added", async () => {
    const taxinvoice = type('taxinvoice');
    const line = (goods: string, qty: string, rate: string, amount: string, srno: number) => ({ srno, goods, hsn: '2710', taxrate: '18', qty, rate, per: 'no', amount });
    const filter = line('Oil filter', '1', '100', '100.00', 1);
    const body = (method: 'create' | 'update', address: string, product: Body[]) => billBody('taxinvoice', 7, { clientaddress: address, product }, method);
    const save = async (payload: Body) => expect((await api.post(taxinvoice.createPath, payload)).statusCode).toBe(200);
    await save(body('create', 'Shop 4, Pune', [filter]));
    await save(body('update', 'Plot 9, Nashik', [filter]));
    await save(body('update', 'Plot 9, Nashik', [filter, line('Engine oil 15W40', '2', '450', '900.00', 2)]));

    const answer = await api.post('/api/common/getbillhistory', { billtype: 'taxinvoice', billno: 7, fy: '2026-27' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { entries } = jsonOf(answer);
    expect(entries.map((entry: any) => entry.action)).toEqual(['create', 'update', 'update']);
    const document = entries[0].document;
    expect(document).toMatch(/^Tax Invoice Bill .*7 \(2026-27\)$/);
    for (const entry of entries) expect(entry).toMatchObject({ operator: OPERATOR.email, unit: 'gst', type: 'taxinvoice', billno: 7, document, seq: expect.any(Number) });
    // 100.00 at 18%: 18.00 of GST; with 900.00 more, 1,000.00 taxed 180.00.
    expect(entries[0].changes).toEqual([
      { kind: 'field', label: 'Total', before: '', after: '118.00' },
      { kind: 'field', label: 'Tax', before: '', after: '18.00' },
    ]);
    expect(entries[1].changes).toEqual([{ kind: 'field', label: 'Client Company Address', before: 'Shop 4, Pune', after: 'Plot 9, Nashik' }]);
    expect(entries[2].changes).toEqual([
      { kind: 'line-added', line: 'Engine oil 15W40 × 2 @ 450.00' },
      { kind: 'field', label: 'Total', before: '118.00', after: '1,180.00' },
      { kind: 'field', label: 'Tax', before: '18.00', after: '180.00' },
    ]);
    expect(entries[1].seq).toBeGreaterThan(entries[0].seq);
    expect(jsonOf(await api.post('/api/common/getbillhistory', { billtype: 'taxinvoice', billno: 7, fy: '2025-26' })).entries).toEqual([]);
  });

  it('pages the trail newest first, filtered by day, operator, document and action, with the choices of each filter', async () => {
    const clerk = await signedInAs(api, 'operator');
    for (const name of ['Alpha Tyres', 'Beta Tyres', 'Gamma Tyres']) {
      expect((await api.post('/api/common/saveclient', { clientname: name, clientaddress: 'Thane' }, clerk.token)).statusCode).toBe(200);
    }
    const read = async (filter: Body) => {
      const answer = await api.post('/api/common/getaudit', filter);
      expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
      return jsonOf(answer);
    };
    const all = await read({});
    expect(all).toMatchObject({ page: 1, pageSize: 50 });
    expect(all.total).toBeGreaterThan(3);
    expect(all.operators).toEqual(expect.arrayContaining([OPERATOR.email, clerk.email]));
    expect(all.actions).toEqual(expect.arrayContaining(['create', 'update', 'operator']));
    expect(all.documents).toEqual(expect.arrayContaining([{ value: 'client', label: 'Clients' }, { value: 'taxinvoice', label: 'Tax Invoice Bill (GST)' }]));
    const seqs = all.entries.map((entry: any) => entry.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));

    const mine = { operator: clerk.email, document: 'client', action: 'create', from: TODAY, to: TODAY };
    const first = await read({ ...mine, pageSize: 2 });
    expect(first.total).toBe(3);
    expect(first.entries.map((entry: any) => entry.document)).toEqual(['Client Gamma Tyres', 'Client Beta Tyres']);
    const second = await read({ ...mine, pageSize: 2, page: 2 });
    expect(second.entries.map((entry: any) => entry.document)).toEqual(['Client Alpha Tyres']);
    expect(second.entries[0]).toMatchObject({ operator: clerk.email, action: 'create', type: 'client', unit: 'common' });
    expect(second.entries[0].changes).toEqual([
      { kind: 'field', label: 'Client Company Name', before: '', after: 'Alpha Tyres' },
      { kind: 'field', label: 'Client Company Address', before: '', after: 'Thane' },
    ]);
    expect((await read({ ...mine, action: 'delete' })).total).toBe(0);
    expect((await read({ ...mine, from: '2099-01-01', to: '2099-01-31' })).total).toBe(0);
    expect((await read({ ...mine, from: '2020-01-01', to: '2020-01-31' })).total).toBe(0);
  });

  it('shows an operator limited to a unit only the rows of that unit', async () => {
    await api.post(type('invoice').createPath, billBody('invoice', 21, {}));
    await api.post(type('taxinvoice').createPath, billBody('taxinvoice', 21, {}));
    const accountant = await signedInAs(api, 'accountant', ['alfadiesel']);
    const answer = await api.post('/api/common/getaudit', { pageSize: 200 }, accountant.token);
    expect(answer.statusCode).toBe(200);
    const { entries, total } = jsonOf(answer);
    expect(total).toBeGreaterThan(0);
    expect(total).toBe(entries.length);
    expect(new Set(entries.map((entry: any) => entry.unit))).toEqual(new Set(['alfadiesel']));
    const other = await api.post('/api/common/getbillhistory', { billtype: 'taxinvoice', billno: 21, fy: '2026-27' }, accountant.token);
    expect(other.statusCode).toBe(403);
    const own = await api.post('/api/common/getbillhistory', { billtype: 'invoice', billno: 21, fy: '2026-27' }, accountant.token);
    expect(jsonOf(own).entries.map((entry: any) => entry.action)).toEqual(['create']);
  });

  it('exports the filtered trail as CSV, oldest first, a hostile value kept as text', async () => {
    const hostile = '=HYPERLINK("http://evil.example","click")';
    expect((await api.post('/api/common/saveclient', { clientname: 'CSV Traders', clientaddress: `Pune,${hostile}` })).statusCode).toBe(200);
    expect((await api.post('/api/common/saveclient', { clientname: 'CSV Traders', clientaddress: 'Pune', _id: undefined })).statusCode).toBe(409);
    const answer = await api.post('/api/common/getauditcsv', { document: 'client', from: TODAY });
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain(`filename="audit-${TODAY}-all.csv"`);
    const lines = answer.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Row,When,Operator,Action,Unit,Document,Changes,Hash');
    const page = jsonOf(await api.post('/api/common/getaudit', { document: 'client', from: TODAY, pageSize: 200 }));
    expect(lines).toHaveLength(page.total + 1);
    const last = page.entries[0];
    const [row, hash] = [lines.at(-1)!.slice(0, lines.at(-1)!.lastIndexOf(',')), lines.at(-1)!.slice(lines.at(-1)!.lastIndexOf(',') + 1)];
    expect(row).toBe(
      `${last.seq},${last.at},${OPERATOR.email},create,common,Client CSV Traders,` +
        `"Client Company Name:  → CSV Traders; Client Company Address:  → Pune,'=HYPERLINK(""http://evil.example"",'""click"")"`,
    );
    // The chain's hash of the row (issue 45 item 3), where the database keeps the chain.
    expect(hash).toMatch(/^([0-9a-f]{64})?$/);
    const rows = lines.slice(1).map((line) => Number(line.split(',')[0]));
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
  });

  it('refuses bad filters with 400 {msg}', async () => {
    for (const [path, body, msg] of [
      ['/api/common/getaudit', { from: '2026-02-30' }, 'from must be a date written YYYY-MM-DD.'],
      ['/api/common/getaudit', { from: '2026-05-02', to: '2026-05-01' }, 'from must not be after to.'],
      ['/api/common/getaudit', { pageSize: 201 }, 'pageSize must be a whole number from 1 to 200.'],
      ['/api/common/getaudit', { page: 0 }, 'page must be a whole number from 1 to 1000000.'],
      ['/api/common/getaudit', { operator: 42 }, 'operator must be text of at most 254 characters.'],
      ['/api/common/getauditcsv', { action: 'erase' }, expect.stringMatching(/^action must be one of: create, update/)],
      ['/api/common/getauditcsv', { document: 'secrets' }, expect.stringMatching(/^document must be one of: .*client/)],
      ['/api/common/getbillhistory', { billtype: 'nosuch', billno: 1 }, 'Unknown billtype: "nosuch".'],
      ['/api/common/getbillhistory', { billtype: 'invoice', billno: 1, fy: '2026' }, 'fy must be a financial year written like "2026-27".'],
    ] as const) {
      const answer = await api.post(path, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(jsonOf(answer)).toEqual({ msg });
    }
  });
});
