import { describe, expect, it } from 'vitest';
import type { BillType } from '../../src/engine/core';
import { checksFor, GOODS_CHECKS, HEADER_CHECKS, SERVICE_CHECKS, validPayload } from '../fixtures/payloads';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

type Payload = Record<string, any>;

/** Where a row check's field lives: on the row, or on the row's first service. */
function rowTarget(billType: BillType, payload: Payload, rowIndex: number, field: string): Payload {
  const row = payload.product[rowIndex];
  return billType.lines === 'service' && field !== 'productname' ? row.service[0] : row;
}

async function expectRefused(api: Api, path: string, body: unknown, status: number, msg: string | RegExp) {
  const response = await api.post(path, body);
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(jsonOf(response)).toEqual({ msg: typeof msg === 'string' ? msg : expect.stringMatching(msg) });
}

async function expectNothingStored(api: Api) {
  const rows = await api.storage.database.db.selectFrom('bills').select('id').execute();
  expect(rows).toEqual([]);
}

describeEachDatabase('spec 5 checks on the server: 400 {msg}', (database) => {
  const api = useApi(database);

  describe.each(api.registry.billTypes.map((b) => [b.type, b] as const))('%s', (_, billType) => {
    const create = (payload: Payload) => ({ method: 'create', type: billType.type, ...payload });

    it('answers each header check with its message', async () => {
      const checks = checksFor(billType, HEADER_CHECKS);
      for (const [k, [, message]] of checks.entries()) {
        const payload: Payload = validPayload(billType);
        for (const [field] of checks.slice(k)) payload[field] = '  ';
        await expectRefused(api, billType.createPath, create(payload), 400, message);
      }
    });

    it('answers each row check with its message and Sr. No.', async () => {
      const checks = checksFor(billType, billType.lines === 'goods' ? GOODS_CHECKS : SERVICE_CHECKS);
      for (const [k, [, message]] of checks.entries()) {
        const payload: Payload = validPayload(billType, 3);
        for (const [field] of checks.slice(k)) delete rowTarget(billType, payload, 1, field)[field];
        await expectRefused(api, billType.createPath, create(payload), 400, message.replace('{n}', '2'));
      }
      await expectNothingStored(api);
    });
  });

  it('refuses a 14-character GST number', async () => {
    const taxinvoice = api.registry.byType('taxinvoice')!;
    const body = { method: 'create', type: 'taxinvoice', ...validPayload(taxinvoice, 1, { gstno: '27AAPFU0939F1Z' }) };
    await expectRefused(api, '/api/gst/createtaxbill', body, 400, 'Please provide your client 15 digit GST no.');
  });
});

describeEachDatabase('bad requests: 4xx {msg}, never 5xx, nothing stored', (database) => {
  const api = useApi(database);
  const invoice = () => api.registry.byType('invoice')!;
  const invoiceBody = (overrides: Body = {}) => ({
    method: 'create',
    type: 'invoice',
    ...validPayload(invoice(), 1),
    ...overrides,
  });

  it.each([
    ['no type', { type: undefined }, 'Please provide the type.'],
    ['an unknown type', { type: 'receipt' }, /^Unknown type/],
    ['a type as a number', { type: 7 }, /^Unknown type/],
    ['a type of another endpoint', { type: 'service' }, /is not handled by \/api\/alfadiesel\/createbill/],
    ['a type of another unit', { type: 'taxinvoice' }, /is not handled by/],
    ['no method', { method: undefined }, 'method must be "create" or "update".'],
    ['an unknown method', { method: 'delete' }, 'method must be "create" or "update".'],
    ['product as an object', { product: { goods: 'x' } }, 'Please provide Description of Goods at Sr. No. 1.'],
    [
      'qty as an array',
      { product: [{ goods: 'Pump', qty: [1], rate: 1, per: 'per', amount: 1 }] },
      'Please provide Quantity of product at Sr. No. 1.',
    ],
    [
      'a negative rate',
      { product: [{ goods: 'Pump', qty: 1, rate: -5, per: 'per', amount: 1 }] },
      'Rate at Sr. No. 1 must be more than 0.',
    ],
    ['a text bill number', { invoiceno: 'five' }, 'Invoice No. is not a number: "five".'],
    ['a bad convertfrom', { convertfrom: 'quotation 5' }, 'convertfrom must be an object {billtype, billno}.'],
  ])('a create with %s', async (_, overrides, msg) => {
    await expectRefused(api, '/api/alfadiesel/createbill', invoiceBody(overrides), 400, msg);
  });

  it.each([
    ['getbillno', {}, 'Please provide the billtype.'],
    ['getbillno', { billtype: 'receipt' }, /^Unknown billtype/],
    ['getbill', { billtype: ['invoice'] }, /^Unknown billtype/],
    ['getbill', { billtype: 'invoice', limit: 0 }, 'limit must be a whole number from 1 to 1000.'],
    ['getbill', { billtype: 'invoice', sort: 'amount' }, 'sort must be one of: billno, date, clientname.'],
    ['deletebill', { billtype: 'invoice' }, 'Please provide a valid billno (a whole number from 1).'],
    ['deletebill', { billtype: 'invoice', billno: -1 }, 'Please provide a valid billno (a whole number from 1).'],
    ['showpdf', { billtype: 'invoice', billno: '1 OR 1=1' }, 'Please provide a valid billno (a whole number from 1).'],
    ['showpdf', { billtype: 'invoice', billno: 1e300 }, 'Please provide a valid billno (a whole number from 1).'],
  ])('common/%s with %j', async (name, body, msg) => {
    await expectRefused(api, `/api/common/${name}`, body, 400, msg);
  });

  it('refuses a getbill of a type that belongs to the other unit', async () => {
    await expectRefused(
      api,
      '/api/alfadiesel/getbill',
      { billtype: 'taxinvoice', billno: 1 },
      400,
      /is not handled by \/api\/alfadiesel\/getbill/,
    );
  });

  it.each([
    ['malformed JSON', '{"billtype": "invoice",', 'application/json', 400, 'The request body is not valid JSON.'],
    ['an empty JSON body', '', 'application/json', 400, 'The request body is empty; send a JSON object.'],
    ['a JSON array', '["invoice"]', 'application/json', 400, 'The request body must be a JSON object.'],
    ['a JSON string', '"invoice"', 'application/json', 400, 'The request body must be a JSON object.'],
    [
      'a __proto__ key',
      '{"billtype":"invoice","__proto__":{"admin":true}}',
      'application/json',
      400,
      'The request body is not valid JSON.',
    ],
    [
      'a constructor.prototype key',
      '{"billtype":"invoice","constructor":{"prototype":{"x":1}}}',
      'application/json',
      400,
      'The request body is not valid JSON.',
    ],
    [
      'form data',
      'billtype=invoice',
      'application/x-www-form-urlencoded',
      415,
      'Send the request body as JSON (Content-Type: application/json).',
    ],
    ['plain text', 'billtype', 'text/plain', 415, 'Send the request body as JSON (Content-Type: application/json).'],
  ])('refuses %s', async (_, payload, contentType, status, msg) => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/common/getbill',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(jsonOf(response)).toEqual({ msg });
  });

  it('refuses a body over 1 MB with 413 {msg}', async () => {
    const huge = invoiceBody({ clientaddress: 'x'.repeat(1024 * 1024) });
    await expectRefused(api, '/api/alfadiesel/createbill', huge, 413, 'The request is too large (the limit is 1 MB).');
  });

  it('answers unknown API paths with 404 {msg}', async () => {
    await expectRefused(api, '/api/common/getreceipt', {}, 404, 'No such API endpoint: POST /api/common/getreceipt');
    const get = await api.get('/api/alfadiesel/createbill');
    expect(get.statusCode).toBe(404);
    expect(jsonOf(get)).toEqual({ msg: 'No such API endpoint: GET /api/alfadiesel/createbill' });
  });

  it('stored nothing from any of these', async () => {
    await expectNothingStored(api);
    expect(jsonOf(await api.post('/api/common/getbillno', { billtype: 'invoice' }))).toEqual({ billno: { billno: 0 } });
  });
});
