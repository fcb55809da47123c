import { expect, it } from 'vitest';
import { goodsRow } from '../fixtures/payloads';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

type Entry = Record<string, unknown> & { _id: string };

/**
 * Issue 30 item 1: the saved lists keep a sale rate and a unit (and HSN and GST rate for tax lists), answer
 * them with each entry that has them, learn them from every bill's lines, and the Products & Services screen
 * renames, edits and deletes entries.
 */
describeEachDatabase('products and services with prices (issue 30)', (database) => {
  const api = useApi(database);
  const list = async (get: string, key: string): Promise<Entry[]> => jsonOf(await api.get(`/api/common/${get}`))[key];
  const named = async (get: string, key: string, nameKey: string, name: string) =>
    (await list(get, key)).find((entry) => entry[nameKey] === name);

  it('saves and answers a rate and a unit, leaving out what an entry never had', async () => {
    expect((await api.post('/api/common/saveproduct', { product: 'Nozzle holder', rate: '450.50', per: 'no' })).statusCode).toBe(200);
    expect((await api.post('/api/common/saveproduct', { product: 'Gasket kit' })).statusCode).toBe(200);
    expect(
      (await api.post('/api/common/savetaxproduct', { product: 'Turbocharger', hsn: '8414', taxrate: 18, rate: 23500, per: 'set' })).statusCode,
    ).toBe(200);
    expect(await named('getproduct', 'productList', 'product', 'Nozzle holder')).toEqual({
      _id: expect.any(String),
      product: 'Nozzle holder',
      rate: 450.5,
      per: 'no',
    });
    expect(await named('getproduct', 'productList', 'product', 'Gasket kit')).toEqual({ _id: expect.any(String), product: 'Gasket kit' });
    expect(await named('gettaxproduct', 'productList', 'product', 'Turbocharger')).toEqual({
      _id: expect.any(String),
      product: 'Turbocharger',
      hsn: '8414',
      taxrate: 18,
      rate: 23500,
      per: 'set',
    });
  });

  it.each([
    [{ product: 'Pump', rate: 'cheap' }, 'Rate is not valid.'],
    [{ product: 'Pump', rate: -5 }, 'Rate is not valid.'],
    [{ product: 'Pump', per: 'kg' }, 'Per is not valid.'],
    [{ product: 'Pump', per: { unit: 'no' } }, 'Per is not valid.'],
  ])('refuses saveproduct %o with 400 {msg} and saves nothing', async (body, msg) => {
    const before = await list('getproduct', 'productList');
    const response = await api.post('/api/common/saveproduct', body);
    expect(response.statusCode).toBe(400);
    expect(jsonOf(response)).toEqual({ msg });
    expect(await list('getproduct', 'productList')).toEqual(before);
  });

  it("a saved invoice makes each line's rate and unit the product's latest", async () => {
    const invoice = api.registry.byType('invoice')!;
    await api.post('/api/common/saveproduct', { product: 'Delivery valve', rate: '100', per: 'no' });
    const product = [
      { ...goodsRow(invoice, 1), goods: 'delivery valve', qty: '4', rate: '125.75', per: 'set', amount: '503.00' },
      { ...goodsRow(invoice, 2), goods: 'Feed pump', qty: '1', rate: '980', per: 'no', amount: '980.00' },
    ];
    expect((await api.save(invoice, 1, { product })).statusCode).toBe(200);
    expect(await named('getproduct', 'productList', 'product', 'Delivery valve')).toMatchObject({ rate: 125.75, per: 'set' });
    expect(await named('getproduct', 'productList', 'product', 'Feed pump')).toMatchObject({ rate: 980, per: 'no' });
  });

  it('renames and edits an entry, its details replaced as given, keeping its _id', async () => {
    await api.post('/api/common/savetaxproduct', { product: 'Lift pump', hsn: '8413', taxrate: 12, rate: 700, per: 'no' });
    const saved = (await named('gettaxproduct', 'productList', 'product', 'Lift pump'))!;
    const response = await api.post('/api/common/updatecatalogentry', {
      catalog: 'taxproduct',
      _id: saved._id,
      product: 'Lift pump (Bosch)',
      hsn: '84133020',
      taxrate: 18,
      rate: '',
      per: 'no',
    });
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toEqual({ msg: 'Saved product "Lift pump (Bosch)".' });
    expect(await named('gettaxproduct', 'productList', 'product', 'Lift pump')).toBeUndefined();
    expect(await named('gettaxproduct', 'productList', 'product', 'Lift pump (Bosch)')).toEqual({
      _id: saved._id,
      product: 'Lift pump (Bosch)',
      hsn: '84133020',
      taxrate: 18,
      per: 'no',
    });
  });

  it('refuses a rename onto another entry of the list (any case) with 409, and changes nothing', async () => {
    await api.post('/api/common/saveservice', { service: 'Bench test', rate: 600 });
    await api.post('/api/common/saveservice', { service: 'Nozzle calibration', rate: 1200 });
    const before = await list('getservice', 'serviceList');
    const calibration = before.find((entry) => entry.service === 'Nozzle calibration')!;
    const response = await api.post('/api/common/updatecatalogentry', { catalog: 'service', _id: calibration._id, service: 'BENCH TEST' });
    expect(response.statusCode).toBe(409);
    expect(jsonOf(response)).toEqual({ msg: 'A service named "BENCH TEST" is saved already.' });
    expect(await list('getservice', 'serviceList')).toEqual(before);
  });

  it('deletes an entry; bills that name it keep their lines', async () => {
    const invoice = api.registry.byType('invoice')!;
    const product = [{ ...goodsRow(invoice, 1), goods: 'Old stock filter' }];
    expect((await api.save(invoice, 2, { product })).statusCode).toBe(200);
    const entry = (await named('getproduct', 'productList', 'product', 'Old stock filter'))!;
    const response = await api.post('/api/common/deletecatalogentry', { catalog: 'product', _id: entry._id });
    expect(jsonOf(response)).toEqual({ msg: 'Deleted the product.' });
    expect(await named('getproduct', 'productList', 'product', 'Old stock filter')).toBeUndefined();
    const bill = jsonOf(await api.post(invoice.getPath, { billtype: 'invoice', billno: 2 })).bill;
    expect(bill.product[0].goods).toBe('Old stock filter');
    const again = await api.post('/api/common/deletecatalogentry', { catalog: 'product', _id: entry._id });
    expect(again.statusCode).toBe(404);
    expect(jsonOf(again)).toEqual({ msg: `There is no saved product with _id ${entry._id}.` });
  });

  it.each([
    ['updatecatalogentry', { catalog: 'nope', _id: '1', product: 'X' }, 400],
    ['updatecatalogentry', { catalog: 'product', product: 'X' }, 400],
    ['updatecatalogentry', { catalog: 'product', _id: 'abc', product: 'X' }, 400],
    ['updatecatalogentry', { catalog: 'product', _id: '1', product: '   ' }, 400],
    ['updatecatalogentry', { catalog: '__proto__', _id: '1', product: 'X' }, 400],
    ['updatecatalogentry', { catalog: 'product', _id: '999999', product: 'X' }, 404],
    ['deletecatalogentry', { catalog: 'product', _id: -1 }, 400],
    ['deletecatalogentry', { catalog: 'product', _id: 999999 }, 404],
    ['deletecatalogentry', [], 400],
  ])('%s %o answers %i {msg}', async (call, body, status) => {
    const response = await api.post(`/api/common/${call}`, body);
    expect(response.statusCode).toBe(status);
    expect(Object.keys(jsonOf(response))).toEqual(['msg']);
  });
});
