import { expect, it } from 'vitest';
import type { BillType } from '../../src/engine/core';
import { goodsRow, serviceProduct } from '../fixtures/payloads';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

type Entry = Record<string, string>;

describeEachDatabase("every line's product and service saved with the bill (issue 14)", (database) => {
  const api = useApi(database);
  const type = (name: string): BillType => api.registry.byType(name)!;
  const list = async (get: string, key: string): Promise<Entry[]> => jsonOf(await api.get(`/api/common/${get}`))[key];
  const names = (entries: Entry[], key: string) => entries.map((entry) => entry[key]);

  it('a 3-line invoice puts all three goods into getproduct, the last line included', async () => {
    const invoice = type('invoice');
    const product = ['Fuel injection pump', 'Nozzle holder', 'Delivery valve'].map((goods, index) => ({
      ...goodsRow(invoice, index + 1),
      goods,
    }));
    expect((await api.save(invoice, 1, { product })).statusCode).toBe(200);
    expect(names(await list('getproduct', 'productList'), 'product')).toEqual([
      'Fuel injection pump',
      'Nozzle holder',
      'Delivery valve',
    ]);
  });

  it('matches names without regard to case and keeps one entry with its first spelling', async () => {
    const invoice = type('invoice');
    const product = [{ ...goodsRow(invoice, 1), goods: '  NOZZLE HOLDER ' }];
    expect((await api.save(invoice, 2, { product })).statusCode).toBe(200);
    expect((await api.post('/api/common/saveproduct', { product: 'nozzle holder' })).statusCode).toBe(200);
    const products = names(await list('getproduct', 'productList'), 'product');
    expect(products.filter((name) => name.toLowerCase() === 'nozzle holder')).toEqual(['Nozzle holder']);
  });

  it("a tax bill updates an existing entry's HSN and rate from its line, on create and on update", async () => {
    const taxInvoice = type('taxinvoice');
    await api.post('/api/common/savetaxproduct', { product: 'Turbocharger', hsn: '8414', taxrate: '12' });
    const line = (hsn: string, taxrate: string) => [{ ...goodsRow(taxInvoice, 1), goods: 'turbocharger', hsn, taxrate }];
    expect((await api.save(taxInvoice, 1, { product: line('84148011', '18') })).statusCode).toBe(200);
    const entry = async () =>
      (await list('gettaxproduct', 'productList')).filter((e) => e.product.toLowerCase() === 'turbocharger');
    expect(await entry()).toEqual([{ _id: expect.any(String), product: 'Turbocharger', hsn: '84148011', taxrate: 18, rate: 1999.99, per: 'per' }]);
    expect((await api.save(taxInvoice, 1, { product: line('84149090', '28') }, 'update')).statusCode).toBe(200);
    expect(await entry()).toMatchObject([{ hsn: '84149090', taxrate: 28 }]);
  });

  it("service bills' product names go to their own list, their services to the service list", async () => {
    for (const [name, billno] of [['service', 1], ['taxservice', 1]] as const) {
      const billType = type(name);
      const product = [
        { ...serviceProduct(billType, 1), productname: `Generator ${name}` },
        {
          ...serviceProduct(billType, 2),
          productname: `Pump ${name}`,
          service: [{ ...(serviceProduct(billType, 2).service as Entry[])[0], servicename: `Overhaul ${name}` }],
        },
      ];
      expect((await api.save(billType, billno, { product })).statusCode).toBe(200);
    }
    const serviceProducts = names(await list('getserviceproduct', 'productList'), 'product');
    expect(serviceProducts).toEqual(['Generator service', 'Pump service', 'Generator taxservice', 'Pump taxservice']);
    const goods = [
      ...names(await list('getproduct', 'productList'), 'product'),
      ...names(await list('gettaxproduct', 'productList'), 'product'),
    ];
    expect(goods.filter((product) => /Generator|Pump /.test(product))).toEqual([]);
    expect(names(await list('getservice', 'serviceList'), 'service')).toEqual(
      expect.arrayContaining(['Nozzle calibration', 'Overhaul service']),
    );
    expect(await list('gettaxservice', 'serviceList')).toEqual(
      expect.arrayContaining([{ _id: expect.any(String), service: 'Overhaul taxservice', hsn: '998714', taxrate: 18, rate: 1200 }]),
    );
  });

  it('a refused bill saves nothing into the lists', async () => {
    const invoice = type('invoice');
    const product = [{ ...goodsRow(invoice, 1), goods: 'Never stored gasket' }];
    // Bill No. 1 is taken: the create is refused with 409 and its line's goods stay out of the list.
    expect((await api.save(invoice, 1, { product })).statusCode).toBe(409);
    expect(names(await list('getproduct', 'productList'), 'product')).not.toContain('Never stored gasket');
  });
});
