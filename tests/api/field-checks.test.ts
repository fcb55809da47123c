import { expect, it } from 'vitest';
import { gstinCheckChar } from '../../src/engine/core';
import { validPayload } from '../fixtures/payloads';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

type Payload = Record<string, any>;

/** Issue 15: the checks after the spec's own, refused by the server with the screen's message. */
describeEachDatabase('GSTIN, HSN, GST rate and more-than-0 checks on the server: 400 {msg}', (database) => {
  const api = useApi(database);
  const taxInvoice = api.registry.byType('taxinvoice')!;
  const service = api.registry.byType('service')!;

  const create = async (billType: typeof taxInvoice, payload: Payload) => {
    const response = await api.post(billType.createPath, { method: 'create', type: billType.type, ...payload });
    return { status: response.statusCode, body: response.statusCode === 200 ? undefined : jsonOf(response) };
  };

  it.each([
    ['a GSTIN with a wrong check character', { gstno: '29AAGCB7383J1Z5' }, 'Client GSTIN 29AAGCB7383J1Z5 is not valid: please check it.'],
    ['a 5-digit HSN', { row2: { hsn: '84133' } }, 'HSN 84133 at Sr. No. 2 is not valid: HSN/SAC codes have 4, 6 or 8 digits.'],
    ['a GST rate of 17%', { row2: { taxrate: 17 } }, 'HSN rate 17 at Sr. No. 2 is not a GST rate: use one of 0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40.'],
    ['a quantity of 0', { row2: { qty: 0 } }, 'Quantity at Sr. No. 2 must be more than 0.'],
    ['a negative quantity', { row2: { qty: '-3' } }, 'Quantity at Sr. No. 2 must be more than 0.'],
  ])('refuses %s on a tax invoice, storing nothing', async (_, change, msg) => {
    const payload: Payload = validPayload(taxInvoice, 2, { invoiceno: 70 });
    if ('gstno' in change) payload.gstno = change.gstno;
    if ('row2' in change) Object.assign(payload.product[1], change.row2);
    expect(await create(taxInvoice, payload)).toEqual({ status: 400, body: { msg } });
    expect(await api.storage.database.db.selectFrom('bills').select('id').execute()).toEqual([]);
  });

  it('refuses a service rate of 0, and accepts a valid GSTIN of another state', async () => {
    const payload: Payload = validPayload(service, 1, { invoiceno: 71 });
    payload.product[0].service[0].rate = 0;
    expect(await create(service, payload)).toEqual({ status: 400, body: { msg: 'Service rate at Sr. No. 1 must be more than 0.' } });
    const karnataka = `29AAGCB7383J1Z${gstinCheckChar('29AAGCB7383J1Z')}`;
    expect((await create(taxInvoice, validPayload(taxInvoice, 1, { invoiceno: 72, gstno: karnataka }))).status).toBe(200);
  });
});
