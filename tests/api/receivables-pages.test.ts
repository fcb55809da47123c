import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

/**
 * Issue 51 item 1: the receivables a page at a time, searched and ordered by the server, with every client's totals
 * beside the page. Five clients, no credit, as of 2026-11-30; amounts and ageing worked out by hand.
 */
const ADDRESS = 'Hosur Road, Bengaluru 560068';
const ASOF = '2026-11-30';
// [client, bill date, rupees]: days past due as of 30 Nov in the comment.
const BILLS: Array<[string, string, number]> = [
  ['Kaveri Agro Industries', '2026-11-30', 5000], // 0: not due
  ['Bharat Roadways', '2026-11-10', 3000], // 20: 1-30
  ['Zenith Motors', '2026-10-01', 8000], // 60: 31-60
  ['Anand Transport', '2026-11-25', 1000], // 5: 1-30
  ['Kaveri Cold Storage', '2026-08-01', 2000], // 121: over 90
];

async function receivables(api: Api, body: Body) {
  const answer = await api.post('/api/alfadiesel/receivables', { asof: ASOF, ...body });
  expect(answer.statusCode, answer.body).toBe(200);
  return jsonOf(answer);
}

/** Each bill as invoice number 1, 2, ... of the spec's plain unit. */
async function saveBills(api: Api, bills: typeof BILLS) {
  for (const [index, [clientname, date, rupees]] of bills.entries()) {
    const saved = await api.save(api.registry.byType('invoice')!, index + 1, {
      clientname,
      clientaddress: ADDRESS,
      date,
      product: [{ srno: 1, goods: 'Fuel injection pump', qty: '1', rate: String(rupees), per: 'per', amount: String(rupees) }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
}

const names = (answer: Body) => (answer.clients as Array<{ clientname: string }>).map((client) => client.clientname);

describeEachDatabase('receivables a page at a time (issue 51)', (database) => {
  const api = useApi(database);

  it('pages, searches and orders on the server; totals and count are every matching client\'s', async () => {
    await saveBills(api, BILLS);
    const totals = { outstanding: 19000, onaccount: 0, notdue: 5000, d1_30: 4000, d31_60: 8000, d61_90: 0, d90plus: 2000 };

    const first = await receivables(api, { offset: 0, limit: 2 });
    expect(names(first)).toEqual(['Zenith Motors', 'Kaveri Agro Industries']);
    expect(first.count).toBe(5);
    expect(first.totals).toEqual(totals);
    expect(first.total).toBe(19000);
    expect(names(await receivables(api, { offset: 2, limit: 2 }))).toEqual(['Bharat Roadways', 'Kaveri Cold Storage']);
    expect(names(await receivables(api, { offset: 4, limit: 2 }))).toEqual(['Anand Transport']);

    const searched = await receivables(api, { search: '  kaveri ', limit: 10 });
    expect(names(searched)).toEqual(['Kaveri Agro Industries', 'Kaveri Cold Storage']);
    expect(searched.count).toBe(2);
    expect(searched.totals).toEqual(totals);

    expect(names(await receivables(api, { sort: 'name' }))).toEqual(['Anand Transport', 'Bharat Roadways', 'Kaveri Agro Industries', 'Kaveri Cold Storage', 'Zenith Motors']);
    expect(names(await receivables(api, { sort: 'oldestdue', limit: 3 }))).toEqual(['Kaveri Cold Storage', 'Zenith Motors', 'Bharat Roadways']);
    // The spec-era call, with nothing but the day, still answers every client.
    expect(names(await receivables(api, {}))).toHaveLength(5);
  });

  it('refuses a bad page, search or order with a 400 msg', async () => {
    for (const [body, msg] of [
      [{ limit: 0 }, 'limit must be a whole number from 1 to 1000.'],
      [{ limit: 5000 }, 'limit must be a whole number from 1 to 1000.'],
      [{ offset: -1 }, 'offset must be a whole number from 0 to 10000000.'],
      [{ offset: 'two' }, 'offset must be a whole number from 0 to 10000000.'],
      [{ sort: 'balance' }, expect.stringContaining('sort')],
      [{ search: 42 }, expect.stringContaining('search')],
    ] as const) {
      const answer = await api.post('/api/alfadiesel/receivables', { asof: ASOF, ...body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(jsonOf(answer).msg).toEqual(msg);
    }
  });
});

describeEachDatabase('receivables kept until the next write (issue 51)', (database) => {
  const api = useApi(database);

  it('answers each write at once: a payment, a client\'s credit days and a deleted bill move the next page read', async () => {
    // The server keeps the summed receivables until the next write (storage/kept-receivables.ts): each read below
    // follows a write of another kind, and the one before it was read and kept.
    await saveBills(api, BILLS.slice(0, 3));
    const zenith = async () => (await receivables(api, { search: 'zenith' })).clients[0];
    expect((await receivables(api, {})).totals.outstanding).toBe(16000);
    expect(await receivables(api, {})).toMatchObject({ count: 3 });

    const paid = await api.post('/api/alfadiesel/savepayment', { clientname: 'Zenith Motors', date: ASOF, amount: 500, mode: 'cash', allocations: [{ billtype: 'invoice', billno: 3, fy: '2026-27', amount: 500 }] });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await zenith()).toMatchObject({ outstanding: 7500, d31_60: 7500 });

    // 45 days' credit: the bill of 1 October fell due on 15 November, 15 days ago.
    const saved = jsonOf(await api.get('/api/common/getclient')).clientList as Array<{ _id: string; clientname: string }>;
    const _id = saved.find((client) => client.clientname === 'Zenith Motors')!._id;
    const terms = await api.post('/api/common/saveclient', { _id, clientname: 'Zenith Motors', clientaddress: ADDRESS, creditdays: '45' });
    expect(terms.statusCode, terms.body).toBe(200);
    expect(await zenith()).toMatchObject({ outstanding: 7500, d1_30: 7500, d31_60: 0 });

    expect((await api.post('/api/common/deletebill', { billtype: 'invoice', billno: 2, fy: '2026-27' })).statusCode).toBe(200);
    const after = await receivables(api, {});
    expect(names(after)).toEqual(['Zenith Motors', 'Kaveri Agro Industries']);
    expect(after.totals.outstanding).toBe(12500);
  });
});
