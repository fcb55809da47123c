import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

describeEachDatabase('saved product and service lists (spec 7)', (database) => {
  const api = useApi(database);

  it('saves plain products and services and lists them as {_id, product} / {_id, service}', async () => {
    for (const [save, body] of [
      ['saveproduct', { product: 'Fuel injection pump' }],
      ['saveproduct', { product: '  Nozzle holder  ' }],
      ['saveservice', { service: 'Nozzle calibration' }],
    ] as const) {
      const response = await api.post(`/api/common/${save}`, body);
      expect(response.statusCode).toBe(200);
      expect(jsonOf(response)).toEqual({ msg: expect.any(String) });
    }
    const products = jsonOf(await api.get('/api/common/getproduct'));
    expect(products).toEqual({
      productList: [
        { _id: expect.any(String), product: 'Fuel injection pump' },
        { _id: expect.any(String), product: 'Nozzle holder' },
      ],
    });
    expect(jsonOf(await api.get('/api/common/getservice'))).toEqual({
      serviceList: [{ _id: expect.any(String), service: 'Nozzle calibration' }],
    });
  });

  it('saves tax products and services with hsn and taxrate', async () => {
    expect(
      (await api.post('/api/common/savetaxproduct', { product: 'Turbocharger', hsn: '8414', taxrate: '18' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await api.post('/api/common/savetaxservice', { service: 'Engine overhaul', hsn: '998714', taxrate: 18 }))
        .statusCode,
    ).toBe(200);
    expect(jsonOf(await api.get('/api/common/gettaxproduct'))).toEqual({
      productList: [{ _id: expect.any(String), product: 'Turbocharger', hsn: '8414', taxrate: 18 }],
    });
    expect(jsonOf(await api.get('/api/common/gettaxservice'))).toEqual({
      serviceList: [{ _id: expect.any(String), service: 'Engine overhaul', hsn: '998714', taxrate: 18 }],
    });
  });

  it('reads a rate written as text in the number grammar ("+18", " 5.5 ") as the number, and answers numbers', async () => {
    await api.post('/api/common/savetaxproduct', { product: 'Lift pump', hsn: '8413', taxrate: '+18' });
    await api.post('/api/common/savetaxservice', { service: 'Bench test', hsn: '9987', taxrate: ' 5.5 ' });
    const products = jsonOf(await api.get('/api/common/gettaxproduct')).productList;
    const services = jsonOf(await api.get('/api/common/gettaxservice')).serviceList;
    expect(products.find((e: { product: string }) => e.product === 'Lift pump')).toMatchObject({ taxrate: 18 });
    expect(services.find((e: { service: string }) => e.service === 'Bench test')).toMatchObject({ taxrate: 5.5 });
  });

  it('updates an existing name instead of adding a duplicate', async () => {
    await api.post('/api/common/savetaxproduct', { product: 'Governor spring', hsn: '7320', taxrate: '12' });
    const before = jsonOf(await api.get('/api/common/gettaxproduct')).productList;
    await api.post('/api/common/savetaxproduct', { product: ' Governor spring ', hsn: '7320', taxrate: '18' });
    const after = jsonOf(await api.get('/api/common/gettaxproduct')).productList;
    expect(after).toHaveLength(before.length);
    const entry = after.find((e: { product: string }) => e.product === 'Governor spring');
    expect(entry).toMatchObject({
      hsn: '7320',
      taxrate: 18,
      _id: before.find((e: { product: string }) => e.product === 'Governor spring')._id,
    });
  });

  it('keeps the four lists apart', async () => {
    await api.post('/api/common/saveservice', { service: 'Only a plain service' });
    for (const list of ['getproduct', 'gettaxproduct', 'gettaxservice']) {
      expect(JSON.stringify(jsonOf(await api.get(`/api/common/${list}`)))).not.toContain('Only a plain service');
    }
  });

  it.each([
    ['saveproduct', {}, 'Please provide the product name.'],
    ['saveproduct', { product: '   ' }, 'Please provide the product name.'],
    ['saveproduct', { product: 42 }, 'Please provide the product name.'],
    ['saveservice', { product: 'wrong key' }, 'Please provide the service name.'],
    ['saveproduct', { product: 'x'.repeat(501) }, 'The product name must be at most 500 characters.'],
    ['savetaxproduct', { product: 'Pump', hsn: '8413', taxrate: 'eighteen' }, 'GST % is not valid.'],
    ['savetaxproduct', { product: 'Pump', hsn: { code: 8413 }, taxrate: '18' }, 'HSN is not valid.'],
    ['savetaxproduct', { product: 'Pump', hsn: '8413', taxrate: '150' }, 'GST % is not valid.'],
    ['savetaxproduct', { product: 'Pump', hsn: '8413', taxrate: 150 }, 'GST % is not valid.'],
    ['savetaxservice', { service: 'Overhaul', hsn: '9987', taxrate: '-5' }, 'GST % is not valid.'],
  ])('refuses %s %j with 400 {msg}', async (save, body, msg) => {
    const response = await api.post(`/api/common/${save}`, body);
    expect(response.statusCode).toBe(400);
    expect(jsonOf(response)).toEqual({ msg });
  });
});
