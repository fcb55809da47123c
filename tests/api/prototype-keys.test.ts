import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { BillType } from '../../src/engine/core';
import { standsAlone, validPayload } from '../fixtures/payloads';
import { depthsOf, withCraftedKey } from '../fixtures/prototype-keys';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api } from './harness';

/** A few of the names a plain object answers to; the stress suite's fuzz tries them all with many values. */
const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const VALUE = { type: 'string', polluted: 'yes' };

function postText(api: Api, path: string, text: string): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method: 'POST',
    url: path,
    headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
    payload: text,
  });
}

async function storedBillOf(api: Api, billType: BillType, billno: number) {
  const answer = await api.post(billType.getPath, { billtype: billType.type, billno });
  expect(answer.statusCode).toBe(200);
  // The number and the printed number are the bill's own; every other field must be as without the key.
  const { billno: _number, printedno: _printed, ...bill } = jsonOf(answer).bill;
  return bill;
}

/** Either ignored like an unknown field (the bill stored as without it) or refused with a 4xx {msg}. */
async function expectIgnoredOrRefused(api: Api, billType: BillType, answer: LightMyRequestResponse, billno: number, label: string) {
  if (answer.statusCode === 200) {
    expect(answer.rawPayload.subarray(0, 5).toString(), label).toBe('%PDF-');
    expect(await storedBillOf(api, billType, billno), label).toEqual(await storedBillOf(api, billType, 1));
    return;
  }
  expect(answer.statusCode, `${label}: ${answer.body.slice(0, 200)}`).toBe(400);
  expect(Object.keys(jsonOf(answer)), label).toEqual(['msg']);
}

describeEachDatabase('keys such as __proto__ and constructor in a request are data', (database) => {
  const api = useApi(database);

  // One test per bill type: each has its own time, however many types a maintainer adds.
  it.each(api.registry.billTypes.filter(standsAlone).map((billType) => [billType.type, billType] as const))(
    'ignores or refuses them at every depth of %s, creates and updates alike',
    async (_, billType) => {
      const payload = { method: 'create', type: billType.type, ...validPayload(billType, 2, { invoiceno: 1 }) };
      expect((await api.post(billType.createPath, payload)).statusCode).toBe(200);
      let billno = 1;
      for (const depth of depthsOf(billType)) {
        for (const key of KEYS) {
          const label = `${billType.type} ${depth.label}.${key}`;
          billno++;
          const create = withCraftedKey({ ...payload, invoiceno: billno }, depth, key, VALUE);
          const created = await postText(api, billType.createPath, create);
          await expectIgnoredOrRefused(api, billType, created, billno, `create ${label}`);
          const update = withCraftedKey({ ...payload, method: 'update', invoiceno: 1 }, depth, key, VALUE);
          await expectIgnoredOrRefused(api, billType, await postText(api, billType.createPath, update), 1, `update ${label}`);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('treats them as unknown names in lists, saved clients and catalogs', async () => {
    const billType = api.registry.billTypes[0];
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const listed = await api.post('/api/common/getbill', { billtype: billType.type, sort: key, limit: 5 });
      expect(listed.statusCode, key).toBe(400);
      expect(jsonOf(listed).msg).toMatch(/^sort must be one of/);
      for (const billtype of [key, `${key}`]) {
        const unknown = await api.post('/api/common/getbill', { billtype });
        expect(unknown.statusCode).toBe(400);
        expect(jsonOf(unknown)).toEqual({ msg: expect.stringMatching(/^Unknown billtype/) });
      }
    }
    const clientName = 'Prototype Keys Traders';
    const clientBody = { clientname: clientName, clientaddress: 'Pune' };
    for (const key of KEYS) {
      const saved = await postText(api, `/api/common/${api.registry.clients.endpoints.save}`, withCraftedKey(clientBody, depthsOf(billType)[0], key, VALUE));
      expect([200, 400, 409], `client ${key}: ${saved.body}`).toContain(saved.statusCode);
      expect(Object.keys(jsonOf(saved))).toEqual(['msg']);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
