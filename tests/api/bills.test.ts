import { describe, expect, it } from 'vitest';
import type { BillType } from '../../src/engine/core';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api } from './harness';
import { standsAlone, validPayload } from '../fixtures/payloads';

const isPdf = (body: Buffer) => body.subarray(0, 5).toString('latin1') === '%PDF-';

function helpers(api: Api) {
  return {
    type: (name: string) => api.registry.byType(name)!,
    highest: async (billType: BillType) => jsonOf(await api.post('/api/common/getbillno', { billtype: billType.type })),
    list: async (billType: BillType, extra = {}) =>
      jsonOf(await api.post('/api/common/getbill', { billtype: billType.type, ...extra })),
    get: (billType: BillType, billno: number | string) =>
      api.post(billType.getPath, { billtype: billType.type, billno }),
    rowCount: async (billType: BillType, billno: number) => {
      const rows = await api.storage.database.db
        .selectFrom('bills')
        .select('id')
        .where('type', '=', billType.type)
        .where('billno', '=', billno)
        .execute();
      return rows.length;
    },
  };
}

describeEachDatabase('bills of every type (spec 7)', (database) => {
  const api = useApi(database);
  const { highest, list, get } = helpers(api);

  describe.each(api.registry.billTypes.filter(standsAlone).map((b) => [b.type, b] as const))('%s', (_, billType) => {
    it('numbers from 0, creates with a PDF, lists, answers getbill, and updates in place', async () => {
      expect(await highest(billType)).toEqual({ billno: { billno: 0 } });

      const created = await api.save(billType, 1);
      expect(created.statusCode).toBe(200);
      expect(created.headers['content-type']).toBe('application/pdf');
      expect(isPdf(created.rawPayload)).toBe(true);
      // The printed number leads the file name (the Tax Service Bill's S/1 as S_1): the spec's 1-... elsewhere.
      const printed = billType.series.replace('{n}', '1');
      expect(created.headers['content-disposition']).toContain(`filename="${printed.replaceAll('/', '_')}-Shree Ganesh Transport.pdf"`);

      expect(await highest(billType)).toEqual({ billno: { billno: 1 } });
      expect(await list(billType)).toEqual({
        bill: [{ billno: 1, date: '2026-11-21', clientname: 'Shree Ganesh Transport' }],
      });

      const { bill } = jsonOf(await get(billType, 1));
      expect(Object.keys(bill)).toEqual([
        ...billType.header.map((field) => (field.role === 'billNumber' ? 'billno' : field.name)),
        'product',
        'fy',
        'printedno',
      ]);
      expect(bill).toMatchObject({ fy: '2026-27', printedno: printed });
      expect(bill).toMatchObject({ clientname: 'Shree Ganesh Transport', billno: 1, date: '2026-11-21' });
      expect(bill.product).toHaveLength(2);
      expect(bill.product.map((row: { srno: number }) => row.srno)).toEqual([1, 2]);
      // The buyer's GSTIN and any terms of payment come back as sent: fields of the type's own header, not of every type.
      const sent = validPayload(billType);
      const keptAsSent = billType.header.filter((field) => field.role === 'clientGstin' || field.name === 'termsofpayment');
      for (const field of keptAsSent) expect(bill[field.name]).toBe(sent[field.name]);
      if (billType.roles.clientGstin) expect(bill[billType.roles.clientGstin.name]).toBeTruthy();

      const updated = await api.save(
        billType,
        1,
        { clientname: 'Shree Ganesh Roadways', product: bill.product.slice(0, 1) },
        'update',
      );
      expect(updated.statusCode).toBe(200);
      expect(isPdf(updated.rawPayload)).toBe(true);
      const after = jsonOf(await get(billType, 1)).bill;
      expect(after.clientname).toBe('Shree Ganesh Roadways');
      expect(after.product).toHaveLength(1);
      expect(await helpers(api).rowCount(billType, 1)).toBe(1);
      expect((await list(billType)).bill).toHaveLength(1);
    });
  });

  it('answers qty, rate and amount as JSON numbers (issue 12: qty 2, rate 10.5 gives amount 21)', async () => {
    const invoice = helpers(api).type('invoice');
    const row = { srno: 1, goods: 'Nozzle', qty: 2, rate: 10.5, per: 'no', amount: 21 };
    expect((await api.save(invoice, 60, { product: [row] })).statusCode).toBe(200);
    const { bill } = jsonOf(await get(invoice, 60));
    expect(bill.product[0]).toEqual({ srno: 1, goods: 'Nozzle', qty: 2, rate: 10.5, per: 'no', amount: 21 });
    expect(bill.billno).toBe(60);
  });

  it('reads "+5" and other text in the number grammar as the number, and refuses text that is not one', async () => {
    const invoice = helpers(api).type('invoice');
    const row = { srno: 1, goods: 'Nozzle', qty: '+5', rate: ' 2.5 ', per: 'no', amount: '12.5' };
    expect((await api.save(invoice, 61, { product: [row] })).statusCode).toBe(200);
    expect(jsonOf(await get(invoice, 61)).bill.product[0]).toMatchObject({ qty: 5, rate: 2.5, amount: 12.5 });
    const refused = await api.save(invoice, 62, { product: [{ ...row, rate: '5 rupees' }] });
    expect(refused.statusCode).toBe(400);
    expect(jsonOf(refused)).toEqual({ msg: 'Rate at Sr. No. 1 is not a number: "5 rupees".' });
  });

  it('stores goods amounts as qty x rate to 2 places, trimmed', async () => {
    const invoice = helpers(api).type('invoice');
    const row = { srno: 9, goods: '  Diesel filter ', qty: '3', rate: '33.335', per: 'set', amount: '100' };
    expect((await api.save(invoice, 50, { product: [row] })).statusCode).toBe(200);
    const { bill } = jsonOf(await get(invoice, 50));
    expect(bill.product).toEqual([
      { srno: 1, goods: 'Diesel filter', qty: 3, rate: 33.335, per: 'set', amount: 100.01 },
    ]);
  });
});

describeEachDatabase('bill numbers, conflicts and deletes', (database) => {
  const api = useApi(database);
  const { type, highest, list, get, rowCount } = helpers(api);

  it('refuses a create of an existing number with 409 {msg} and leaves the first bill unchanged', async () => {
    const service = type('service');
    await api.save(service, 7, { clientname: 'First client' });
    const again = await api.save(service, 7, { clientname: 'Second client' });
    expect(again.statusCode).toBe(409);
    expect(jsonOf(again)).toEqual({ msg: expect.stringContaining('Bill No. 7 already exists') });
    expect(jsonOf(await get(service, 7)).bill.clientname).toBe('First client');
    expect(await rowCount(service, 7)).toBe(1);
  });

  it('lets only one of many simultaneous creates of one number through', async () => {
    const invoice = type('invoice');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.save(invoice, 77, { clientname: `Client ${i}` })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(11);
    expect(await rowCount(invoice, 77)).toBe(1);
  });

  it('answers 404 {msg} for an update, getbill, showpdf or delete of a bill that does not exist', async () => {
    const taxinvoice = type('taxinvoice');
    const missing = [
      await api.save(taxinvoice, 404, {}, 'update'),
      await get(taxinvoice, 404),
      await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 404 }),
      await api.post('/api/common/deletebill', { billtype: 'taxinvoice', billno: 404 }),
    ];
    for (const response of missing) {
      expect(response.statusCode).toBe(404);
      expect(jsonOf(response)).toEqual({ msg: 'Bill No. 404 not found.' });
    }
    expect(await highest(taxinvoice)).toEqual({ billno: { billno: 0 } });
  });

  it('deletes softly: gone from lists and getbill (showpdf prints it CANCELLED), its number still counts and is not reused', async () => {
    const taxservice = type('taxservice');
    await api.save(taxservice, 1);
    await api.save(taxservice, 2);
    const deleted = await api.post('/api/common/deletebill', { billtype: 'taxservice', billno: '2' });
    expect(deleted.statusCode).toBe(200);
    expect(jsonOf(deleted)).toEqual({ msg: 'Bill No. 2 cancelled' });

    expect((await list(taxservice)).bill.map((row: { billno: number }) => row.billno)).toEqual([1]);
    expect((await get(taxservice, 2)).statusCode).toBe(404);
    // Issue 28: a tax bill is cancelled, not gone; cancelled-bills.test.ts reads the stamped PDF.
    expect((await api.post('/api/common/showpdf', { billtype: 'taxservice', billno: 2 })).statusCode).toBe(200);
    expect((await api.save(taxservice, 2, {}, 'update')).statusCode).toBe(404);
    expect((await api.post('/api/common/deletebill', { billtype: 'taxservice', billno: 2 })).statusCode).toBe(404);
    expect(await highest(taxservice)).toEqual({ billno: { billno: 2 } });
    expect((await api.save(taxservice, 2)).statusCode).toBe(409);
    expect(await rowCount(taxservice, 2)).toBe(1);

    const audit = await api.storage.database.db
      .selectFrom('audit_log')
      .select(['action', 'operator', 'before', 'after'])
      .where('type', '=', 'taxservice')
      .where('billno', '=', 2)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['create', 'delete']);
    expect(audit[1]).toMatchObject({ operator: 'operator@alfadiesel.test', after: null });
    expect(JSON.parse(audit[1].before!)).toMatchObject({ billno: 2, header: { clientname: 'Shree Ganesh Transport' } });
  });

  it('lists newest first, with optional search and paging that leave the plain call as it is', async () => {
    const quotation = helpers(api).type('taxquotation');
    for (const [billno, clientname] of [
      [10, 'Bharat Petroleum depot'],
      [12, 'Konkan Transport'],
      [11, 'Bharat Earth Movers'],
    ] as const) {
      expect((await api.save(quotation, billno, { clientname })).statusCode).toBe(200);
    }
    const plain = await list(quotation);
    expect(Object.keys(plain)).toEqual(['bill']);
    expect(plain.bill.map((row: { billno: number }) => row.billno)).toEqual([12, 11, 10]);

    const searched = await list(quotation, { search: 'bharat', limit: 1 });
    expect(searched).toEqual({
      // Paged rows carry the grand total (issue 18): 2 x 4999.98 + 18% GST = 11799.96 -> 11800.
      // ... and their financial year and printed number (issue 27).
      bill: [{ billno: 11, date: '2026-11-21', clientname: 'Bharat Earth Movers', fy: '2026-27', printedno: '11', grandtotal: 11800 }],
      total: 2,
    });
    const page2 = await list(quotation, { search: 'bharat', limit: 1, offset: 1 });
    expect(page2.bill.map((row: { billno: number }) => row.billno)).toEqual([10]);
    expect((await list(quotation, { search: '12' })).bill.map((row: { billno: number }) => row.billno)).toEqual([12]);
    expect((await list(quotation, { search: '100%_' })).bill).toEqual([]);
    const byName = await list(quotation, { sort: 'clientname', order: 'asc' });
    expect(byName.bill.map((row: { clientname: string }) => row.clientname)).toEqual([
      'Bharat Earth Movers',
      'Bharat Petroleum depot',
      'Konkan Transport',
    ]);
    expect(byName.total).toBe(3);
  });

  it('serves a stored bill as a PDF named {billno}-{clientname}.pdf, safely encoded', async () => {
    const quotation = type('quotation');
    await api.save(quotation, 3, { clientname: 'Müller & Sons "Diesel"\r\nX-Injected: 1 / ../etc' });
    const response = await api.post('/api/common/showpdf', { billtype: 'quotation', billno: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(isPdf(response.rawPayload)).toBe(true);
    expect(response.headers['x-injected']).toBeUndefined();
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toBe(
      `attachment; filename="3-M_ller & Sons _Diesel_X-Injected_ 1 _ .._etc.pdf"; filename*=UTF-8''${encodeURIComponent('3-Müller & Sons _Diesel_X-Injected_ 1 _ .._etc.pdf')}`,
    );
  });
});

describeEachDatabase('quotation conversion (spec 4)', (database) => {
  const api = useApi(database);
  const { type, list, get, highest, rowCount } = helpers(api);
  const conversions = [
    ['quotation', 'invoice'],
    ['servicequotation', 'service'],
    ['taxquotation', 'taxinvoice'],
    ['taxservicequotation', 'taxservice'],
  ] as const;

  it.each(conversions)('converts %s to %s: a create of the target type; the quotation stays', async (from, to) => {
    const quotation = type(from);
    const target = type(to);
    expect(quotation.convertsTo).toBe(to);
    await api.save(quotation, 5, { clientname: 'Converted client' });
    const { bill } = jsonOf(await get(quotation, 5));
    const next = (await highest(target)).billno.billno + 1;

    const { billno: _billno, ...fields } = bill;
    const converted = await api.post(target.createPath, {
      ...fields,
      method: 'create',
      type: to,
      invoiceno: next,
      convertfrom: { billtype: from, billno: 5 },
    });
    expect(converted.statusCode).toBe(200);
    expect(isPdf(converted.rawPayload)).toBe(true);

    const printedno = target.series.replace('{n}', String(next));
    expect(jsonOf(await get(target, next)).bill).toEqual({ ...bill, billno: next, printedno });
    expect((await list(quotation)).bill).toEqual([
      { billno: 5, date: '2026-11-21', clientname: 'Converted client', convertedto: { billtype: to, billno: next, fy: '2026-27' } },
    ]);
    const audit = await api.storage.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('type', '=', to)
      .where('billno', '=', next)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('convert');
    expect(JSON.parse(audit.before!)).toMatchObject({ type: from, billno: 5 });
  });

  it('refuses a conversion from a missing quotation or into the wrong type', async () => {
    const invoice = type('invoice');
    const missing = await api.save(invoice, 90, { convertfrom: { billtype: 'quotation', billno: 999 } });
    expect(missing.statusCode).toBe(404);
    expect(jsonOf(missing)).toEqual({ msg: 'Quotation Bill No. 999 not found.' });
    const wrong = await api.save(invoice, 91, { convertfrom: { billtype: 'servicequotation', billno: 5 } });
    expect(wrong.statusCode).toBe(400);
    expect(jsonOf(wrong)).toEqual({ msg: 'Service Quotation Bill does not convert to Invoice Bill.' });
    expect(await rowCount(invoice, 90)).toBe(0);
    expect(await rowCount(invoice, 91)).toBe(0);
  });
});
