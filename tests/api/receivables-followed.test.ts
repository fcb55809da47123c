import { expect, it } from 'vitest';
import { clientNameKey } from '../../src/engine/core';
import { receivablesKeeper } from '../../src/server/storage/kept-receivables';
import { clientsMovedBy } from '../../src/server/storage/receivable-changes';
import { receivablesOf } from '../../src/server/storage/receivables';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

/**
 * Issue 51: after a write the receivables are summed again only for the clients it names (kept-receivables.ts),
 * and every other kind of write sums them all. Whatever was written, the Receivables answer must be the one a
 * fresh sum gives: here the same day is asked for after each write, then again after another day was asked for
 * in between (which sums every client afresh), and the two must agree.
 */
const ASOF = '2026-11-30';
const OTHER_DAY = '2026-11-29';
const ADDRESS = 'Plot 7, MIDC, Taloja, Navi Mumbai 410208';
const pumps = (qty: number) => [{ srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: String(qty), rate: '2500', per: 'no', amount: `${qty * 2500}.00` }];

/** The answer, once it is a 200 (a saved bill's is its PDF). */
async function ok<T extends { statusCode: number; body: string }>(answer: Promise<T>): Promise<T> {
  const done = await answer;
  expect(done.statusCode, done.body.slice(0, 300)).toBe(200);
  return done;
}

const invoice = (api: Api, billno: number, clientname: string, qty: number, method: 'create' | 'update' = 'create') =>
  ok(api.save(api.registry.byType('taxinvoice')!, billno, { clientname, clientaddress: ADDRESS, date: '2026-10-21', product: pumps(qty) }, method));

const receivables = async (api: Api, asof: string) => jsonOf(await ok(api.post('/api/gst/receivables', { asof })));

describeEachDatabase('receivables followed client by client after each write (issue 51)', (database) => {
  const api = useApi(database);

  it('answers after every kind of write what summing every client afresh answers', async () => {
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['three invoices of three clients', async () => {
        await invoice(api, 1, 'Sahyadri Transport Co.', 2);
        await invoice(api, 2, 'Kaveri Agro Industries', 3);
        await invoice(api, 3, 'Deccan Earthmovers', 1);
      }],
      ['an invoice moved to another client', () => invoice(api, 3, 'Konkan Cold Storage', 1, 'update')],
      ['a payment', () => ok(api.post('/api/gst/savepayment', { clientname: 'Kaveri Agro Industries', date: '2026-11-20', amount: 5000, mode: 'cash', allocations: [{ billtype: 'taxinvoice', billno: 2, fy: '2026-27', amount: 5000 }] }))],
      ['a payment deleted', async () => {
        const paid = jsonOf(await ok(api.post('/api/gst/savepayment', { clientname: 'Sahyadri Transport Co.', date: '2026-11-20', amount: 100, mode: 'cash', allocations: [] })));
        await ok(api.post('/api/gst/deletepayment', { _id: paid._id }));
      }],
      ["a client's credit days", async () => {
        const saved = jsonOf(await ok(api.get('/api/common/getclient'))).clientList as Array<{ _id: string; clientname: string }>;
        const _id = saved.find((client) => client.clientname === 'Sahyadri Transport Co.')!._id;
        await ok(api.post('/api/common/saveclient', { _id, clientname: 'Sahyadri Transport Co.', clientaddress: ADDRESS, creditdays: '45' }));
      }],
      ['a credit note', () => ok(api.post('/api/gst/createtaxbill', { method: 'create', type: 'creditnote', invoiceno: 1, date: '2026-11-25', reason: 'Sales Return', clientname: 'Kaveri Agro Industries', clientaddress: '', gstno: '', placeofsupply: '27', against: { billtype: 'taxinvoice', billno: 2 }, product: pumps(1) }))],
      ['an invoice deleted', () => ok(api.post('/api/common/deletebill', { billtype: 'taxinvoice', billno: 1 }))],
      ['an invoice restored', () => ok(api.post('/api/common/restorebill', { billtype: 'taxinvoice', billno: 1 }))],
      ['a quotation', () => ok(api.save(api.registry.byType('taxquotation')!, 1, { clientname: 'Sahyadri Transport Co.' }))],
    ];
    await receivables(api, ASOF);
    for (const [write, run] of steps) {
      await run();
      const followed = await receivables(api, ASOF);
      await receivables(api, OTHER_DAY);
      expect(followed, write).toEqual(await receivables(api, ASOF));
    }
    // By hand: 2 pumps with 18% GST, 5,900.00; 1 pump, 2,950.00; 3 pumps 8,850.00, less 5,000.00 paid and a
    // credit note of 1 pump (2,950.00), 900.00.
    const last = await receivables(api, ASOF);
    expect(last.clients.map((client: Body) => [client.clientname, client.outstanding])).toEqual([
      ['Sahyadri Transport Co.', 5900],
      ['Konkan Cold Storage', 2950],
      ['Kaveri Agro Industries', 900],
    ]);
  });

  it('sums again only the clients a sale or a payment names, and every client after a credit note', async () => {
    const { db } = api.storage.database;
    const dialect = database.name === 'PostgreSQL' ? 'postgres' : 'sqlite';
    const keeper = receivablesKeeper(db, dialect, (unit, writes) => clientsMovedBy(api.registry, unit, writes));
    const summed: Array<string | undefined> = [];
    const latest = () =>
      keeper('gst', ASOF, 0, (clientKey) => {
        summed.push(clientKey);
        return receivablesOf(db, dialect, api.registry, 'gst', ASOF, clientKey, 0);
      });
    await invoice(api, 11, 'Malabar Gensets', 2);
    await latest();
    expect(summed).toEqual([undefined]);

    await ok(api.post('/api/gst/savepayment', { clientname: 'Malabar Gensets', date: '2026-11-20', amount: 1000, mode: 'cash', allocations: [{ billtype: 'taxinvoice', billno: 11, fy: '2026-27', amount: 1000 }] }));
    await invoice(api, 12, 'Nilgiri Haulage', 1);
    await ok(api.save(api.registry.byType('taxquotation')!, 11, { clientname: 'Vasai Marine Works' }));
    const clients = await latest();
    expect(summed.slice(1).sort()).toEqual([clientNameKey('Malabar Gensets'), clientNameKey('Nilgiri Haulage')].sort());
    expect(clients).toEqual(await receivablesOf(db, dialect, api.registry, 'gst', ASOF, undefined, 0));

    summed.length = 0;
    await latest();
    expect(summed).toEqual([]);
    await ok(api.post('/api/gst/createtaxbill', { method: 'create', type: 'creditnote', invoiceno: 11, date: '2026-11-25', reason: 'Sales Return', clientname: 'Malabar Gensets', clientaddress: '', gstno: '', placeofsupply: '27', against: { billtype: 'taxinvoice', billno: 11 }, product: pumps(1) }));
    await latest();
    expect(summed).toEqual([undefined]);
  });
});
