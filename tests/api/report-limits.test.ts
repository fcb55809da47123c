import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { buildApiServer } from '../../src/server/api-server';
import { hashPassword } from '../../src/server/auth/passwords';
import { REPORTS_PER_OPERATOR } from '../../src/server/http/report-limit';
import type { Storage } from '../../src/server/storage';
import { describeEachDatabase } from './databases';
import { AUTH_SECRET, jsonOf, useApi, TEST_PASSWORD_COST } from './harness';

const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };
const BUSY = `You already have ${REPORTS_PER_OPERATOR} reports being made; please wait for them to finish and try again.`;

/** The storage with a client's bills held until release(): calls asking for them stay under way meanwhile. */
function heldClientBills(storage: Storage) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let started = 0;
  const clients = {
    ...storage.clients,
    bills: async (name: string) => {
      started++;
      await held;
      return storage.clients.bills(name);
    },
  };
  return {
    storage: { ...storage, clients } as Storage,
    release: () => release(),
    async started(count: number) {
      while (started < count) await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
}

describeEachDatabase('reports and a client\'s bills per operator (issue 25)', (database) => {
  const api = useApi(database);
  const other = { email: 'second@alfadiesel.test', password: 'second operator pw' };
  let app: FastifyInstance | undefined;
  afterAll(() => app?.close());

  it(`answers 429 {msg} past ${REPORTS_PER_OPERATOR} under way for one operator; others and trivial calls go on`, async () => {
    const billType = api.registry.billTypes.find((b) => b.countsAsSales)!;
    expect((await api.save(billType, 1, { date: '2026-11-05' })).statusCode).toBe(200);
    await api.storage.operators.add(other.email, await hashPassword(other.password, TEST_PASSWORD_COST));
    const held = heldClientBills(api.storage);
    app = await buildApiServer({ registry: api.registry, storage: held.storage, authSecret: AUTH_SECRET });
    const post = (url: string, payload: object, token = api.token) =>
      app!.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
    const otherToken = jsonOf(await post('/api/auth/login', other, '')).authToken as string;
    const clientBills = (token?: string) => post(`/api/common/${api.registry.clients.endpoints.bills}`, { clientname: 'Shree Ganesh Transport' }, token);
    const unit = billType.unit;

    const underWay = Array.from({ length: REPORTS_PER_OPERATOR }, () => clientBills());
    await held.started(REPORTS_PER_OPERATOR);
    for (const refused of [
      await clientBills(),
      await post(`/api/${unit}/salesregister`, { ...NOVEMBER, format: 'csv' }),
      await post(`/api/${unit}/salesbymonth`, { year: 2026 }),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('2');
      expect(jsonOf(refused)).toEqual({ msg: BUSY });
    }
    // Another operator's report, and the operator's own trivial calls, are not held to those.
    expect((await post(`/api/${unit}/salesregister`, NOVEMBER, otherToken)).statusCode).toBe(200);
    expect((await post('/api/common/getbillno', { billtype: billType.type })).statusCode).toBe(200);

    held.release();
    for (const answer of await Promise.all(underWay)) {
      expect(answer.statusCode).toBe(200);
      expect(jsonOf(answer).bill).toHaveLength(1);
    }
    // Each slot comes back once its answer is sent, a streamed CSV's included.
    for (let i = 0; i < REPORTS_PER_OPERATOR + 2; i++) {
      const csv = await post(`/api/${unit}/salesregister`, { ...NOVEMBER, format: 'csv' });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('Shree Ganesh Transport');
    }
    const parallel = await Promise.all(Array.from({ length: REPORTS_PER_OPERATOR }, () => post(`/api/${unit}/salesregister`, NOVEMBER)));
    expect(parallel.map((answer) => answer.statusCode)).toEqual(Array(REPORTS_PER_OPERATOR).fill(200));
  });
});
