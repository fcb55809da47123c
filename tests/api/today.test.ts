import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api } from './harness';

/**
 * Issue 50 item 12: a unit's day (`/api/{unit}/today`) as of 2026-11-20, every figure worked out by hand: the sales
 * bills dated that day, the bills with a balance falling due 20 to 26 November, and the clients with money past due.
 */
const A = 'Kaveri Agro Industries';
const B = 'Bharat Roadways';
const C = 'Zenith Motors';
const ADDRESS = 'Hosur Road, Bengaluru 560068';
const ASOF = '2026-11-20';

const row = (rupees: number) => ({ srno: 1, goods: 'Fuel injection pump', qty: '1', rate: String(rupees), per: 'per', amount: String(rupees) });

async function bill(api: Api, billno: number, clientname: string, date: string, rupees: number) {
  const response = await api.save(api.registry.byType('invoice')!, billno, { clientname, clientaddress: ADDRESS, date, product: [row(rupees)] });
  expect(response.statusCode, response.body).toBe(200);
}

const today = async (api: Api, body: object = { asof: ASOF }) => api.post('/api/alfadiesel/today', body);

describeEachDatabase('the Today screen\'s figures (issue 50)', (database) => {
  const api = useApi(database);

  it('sales of the day, bills due this week and clients past due, as the receivables reckon them', async () => {
    for (const [clientname, creditdays] of [[A, '30'], [B, ''], [C, '30']]) {
      expect((await api.post('/api/common/saveclient', { clientname, clientaddress: ADDRESS, creditdays })).statusCode).toBe(200);
    }
    await bill(api, 1, A, '2026-11-20', 3000); // today; due 20 Dec
    await bill(api, 2, A, '2026-10-25', 4000); // due 24 Nov: this week
    await bill(api, 3, A, '2026-10-10', 1000); // due 9 Nov: 11 days late
    await bill(api, 4, B, '2026-11-20', 500); // today, no credit: due today
    await bill(api, 5, B, '2026-11-14', 700); // due 14 Nov: late, 200 paid
    await bill(api, 6, B, '2026-11-21', 9999); // after the day asked about: nowhere
    await bill(api, 7, B, '2026-11-20', 100); // deleted: nowhere
    await bill(api, 8, C, '2026-10-27', 250); // due 26 Nov: the week's last day
    await bill(api, 9, C, '2026-10-28', 260); // due 27 Nov: next week
    expect((await api.post('/api/common/deletebill', { billtype: 'invoice', billno: 7 })).statusCode).toBe(200);
    const paid = await api.post('/api/alfadiesel/savepayment', {
      clientname: B,
      date: '2026-11-18',
      amount: 200,
      mode: 'upi',
      allocations: [{ billtype: 'invoice', billno: 5, fy: '2026-27', amount: 200 }],
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const answer = await today(api);
    expect(answer.statusCode, answer.body).toBe(200);
    const day = jsonOf(answer);
    expect(day.asof).toBe(ASOF);
    expect(day.weekend).toBe('2026-11-26');
    expect(day.profilesaved).toBe(false);
    expect(day.sales).toEqual({ count: 2, amount: 3500 });
    expect(day.due.count).toBe(3);
    expect(day.due.amount).toBe(4750);
    expect(day.due.bills.map((due: { billno: number; duedate: string; balance: number; clientname: string }) => [due.billno, due.clientname, due.duedate, due.balance])).toEqual([
      [4, B, '2026-11-20', 500],
      [2, A, '2026-11-24', 4000],
      [8, C, '2026-11-26', 250],
    ]);
    expect(day.due.bills[0]).toMatchObject({ billtype: 'invoice', fy: '2026-27', printedno: '4', billdate: '2026-11-20' });
    expect(day.overdue).toEqual({
      count: 2,
      amount: 1500,
      clients: [
        { clientname: A, overdue: 1000, oldestdue: '2026-11-09' },
        { clientname: B, overdue: 500, oldestdue: '2026-11-14' },
      ],
    });

    // Paid in full, bill 2 is no longer due; the unit's profile saved, the screen may be the landing page.
    const settled = await api.post('/api/alfadiesel/savepayment', {
      clientname: A,
      date: '2026-11-19',
      amount: 4000,
      mode: 'upi',
      allocations: [{ billtype: 'invoice', billno: 2, fy: '2026-27', amount: 4000 }],
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const profile = jsonOf(await api.post('/api/alfadiesel/getprofile', {})).profile;
    const { saved, version, warnings, series, ...fields } = profile;
    void [saved, version, warnings, series];
    expect((await api.post('/api/alfadiesel/saveprofile', fields)).statusCode).toBe(200);
    const after = jsonOf(await today(api));
    expect(after.due).toMatchObject({ count: 2, amount: 750 });
    expect(after.profilesaved).toBe(true);
  });

  it('refuses a day that is not a date, changing nothing', async () => {
    for (const asof of ['20-11-2026', 'yesterday', 20261120, '2026-02-30']) {
      const answer = await today(api, { asof });
      expect(answer.statusCode, String(asof)).toBe(400);
      expect(jsonOf(answer).msg).toBe('asof must be a date written YYYY-MM-DD.');
    }
    const malformed = await api.app.inject({
      method: 'POST',
      url: '/api/alfadiesel/today',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
      payload: '{"asof":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(jsonOf(malformed).msg).toEqual(expect.any(String));
  });
});
