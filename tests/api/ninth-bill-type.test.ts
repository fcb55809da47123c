import { expect, it } from 'vitest';
import { createRegistry } from '../../src/engine/core';
import { ajvCompiler } from '../../src/engine/core/ajv-compile';
import { readSchemaFiles } from '../../src/server/schema-files';
import { validPayload } from '../fixtures/payloads';
import { variantFiles } from '../fixtures/variants';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

/** The foundation's delivery challan, given its own create endpoint to show that routes come from the schema. */
function registryWithChallan() {
  const variants = variantFiles();
  const challan = structuredClone(variants['bills/deliverychallan.json']) as { 'x-bill': { endpoints: { create: string } } };
  challan['x-bill'].endpoints.create = 'createchallan';
  return createRegistry({ ...readSchemaFiles(), ...variants, 'bills/deliverychallan.json': challan }, ajvCompiler());
}

describeEachDatabase('a ninth bill type added as one schema file', (database) => {
  const api = useApi(database, registryWithChallan());

  it('gets create, get, list, number, PDF and delete endpoints with no server change', async () => {
    const challan = api.registry.byType('deliverychallan')!;
    expect(challan.createPath).toBe('/api/alfadiesel/createchallan');

    const body = { method: 'create', type: 'deliverychallan', ...validPayload(challan, 1, { invoiceno: 1 }) };
    const created = await api.post('/api/alfadiesel/createchallan', body);
    expect(created.statusCode).toBe(200);
    expect(created.headers['content-type']).toBe('application/pdf');

    expect(jsonOf(await api.post('/api/common/getbillno', { billtype: 'deliverychallan' }))).toEqual({
      billno: { billno: 1 },
    });
    const { bill } = jsonOf(await api.post('/api/alfadiesel/getbill', { billtype: 'deliverychallan', billno: 1 }));
    expect(bill).toMatchObject({ clientname: 'Shree Ganesh Transport', billno: 1 });
    expect((await api.post('/api/common/showpdf', { billtype: 'deliverychallan', billno: 1 })).statusCode).toBe(200);
    expect(jsonOf(await api.post('/api/common/deletebill', { billtype: 'deliverychallan', billno: 1 }))).toEqual({
      msg: 'Bill No. 1 deleted',
    });

    const wrongEndpoint = await api.post('/api/alfadiesel/createbill', { ...body, invoiceno: 2 });
    expect(wrongEndpoint.statusCode).toBe(400);
    expect(jsonOf(wrongEndpoint).msg).toMatch(/use \/api\/alfadiesel\/createchallan/);
  });

  it("saves its bills' clients from its x-role fields alone", async () => {
    const challan = api.registry.byType('deliverychallan')!;
    const payload = validPayload(challan, 1, { invoiceno: 5, clientname: 'Challan Only Client', clientaddress: 'Bhiwandi' });
    expect((await api.post('/api/alfadiesel/createchallan', { method: 'create', type: 'deliverychallan', ...payload })).statusCode).toBe(200);
    const { clientList } = jsonOf(await api.get('/api/common/getclient?search=challan only'));
    expect(clientList).toEqual([
      { _id: expect.any(String), clientname: 'Challan Only Client', clientaddress: 'Bhiwandi', billCount: 1, lastBilled: payload.date },
    ]);
  });
});
