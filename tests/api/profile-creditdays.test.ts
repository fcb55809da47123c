import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

const OWN_TERMS = 'Kaveri Agro Industries';
const NO_TERMS = 'Bharat Roadways';
const ADDRESS = 'Hosur Road, Bengaluru 560068';

const row = (rupees: number) => ({ srno: 1, goods: 'Fuel injection pump', qty: '1', rate: String(rupees), per: 'per', amount: String(rupees) });

async function bill(api: Api, billno: number, clientname: string, date: string, rupees: number) {
  const response = await api.save(api.registry.byType('invoice')!, billno, { clientname, clientaddress: ADDRESS, date, product: [row(rupees)] });
  expect(response.statusCode, response.body).toBe(200);
}

const profile = (creditdays: string): Body => ({ companyName: 'ALFA DIESEL SERVICES', address: 'Andheri (East), Mumbai 400069', creditdays });

async function dueDates(api: Api): Promise<Map<number, string>> {
  const response = await api.post('/api/common/getbill', { billtype: 'invoice', limit: 10 });
  expect(response.statusCode, response.body).toBe(200);
  return new Map(jsonOf(response).bill.map((entry: Body) => [entry.billno, entry.due]));
}

/** Issue 29: the unit's default credit days (Business Profile) date the bills of clients with none of their own. */
describeEachDatabase('the unit default credit days (issue 29)', (database) => {
  const api = useApi(database);

  it('a bill falls due after the client credit days, else the profile default, else on its date', async () => {
    expect((await api.post('/api/common/saveclient', { clientname: OWN_TERMS, clientaddress: ADDRESS, creditdays: '30' })).statusCode).toBe(200);
    expect((await api.post('/api/common/saveclient', { clientname: NO_TERMS, clientaddress: ADDRESS, creditdays: '' })).statusCode).toBe(200);
    await bill(api, 1, OWN_TERMS, '2026-11-01', 1000);
    await bill(api, 2, NO_TERMS, '2026-11-01', 2000);

    // Nothing saved yet: a client without credit days is due on the bill date.
    expect([...(await dueDates(api))]).toEqual(expect.arrayContaining([[1, '2026-12-01'], [2, '2026-11-01']]));
    expect(jsonOf(await api.post('/api/alfadiesel/getprofile', {})).profile.creditdays).toBe('');

    expect((await api.post('/api/alfadiesel/saveprofile', profile('15'))).statusCode).toBe(200);
    expect(jsonOf(await api.post('/api/alfadiesel/getprofile', {})).profile.creditdays).toBe('15');
    // 1 November + 15 days = 16 November; the client's own 30 days still win for invoice 1.
    const due = await dueDates(api);
    expect(due.get(1)).toBe('2026-12-01');
    expect(due.get(2)).toBe('2026-11-16');

    // As of 20 November invoice 2 is 4 days past its 16 November due date: 1-30; invoice 1 is not due yet.
    const aged = jsonOf(await api.post('/api/alfadiesel/receivables', { asof: '2026-11-20' }));
    expect(aged.clients).toEqual([
      expect.objectContaining({ clientname: NO_TERMS, outstanding: 2000, notdue: 0, d1_30: 2000, oldestdue: '2026-11-16' }),
      expect.objectContaining({ clientname: OWN_TERMS, outstanding: 1000, notdue: 1000, d1_30: 0 }),
    ]);
    const statement = jsonOf(await api.post('/api/alfadiesel/statement', { clientname: NO_TERMS, from: '2026-11-01', to: '2026-11-20', format: 'json' }));
    expect(statement.ageing).toMatchObject({ notdue: 0, d1_30: 2000 });
  });

  it('refuses a default that is not a whole number of days, changing nothing', async () => {
    expect((await api.post('/api/alfadiesel/saveprofile', profile('7'))).statusCode).toBe(200);
    for (const bad of ['-5', '1.5', 'thirty', '1000']) {
      const response = await api.post('/api/alfadiesel/saveprofile', profile(bad));
      expect(response.statusCode).toBe(400);
      expect(jsonOf(response).msg).toMatch(/^Default Credit Days (is not valid: whole days from 0 to 999|is too long \(at most 3 characters\))\.$/);
    }
    expect(jsonOf(await api.post('/api/alfadiesel/getprofile', {})).profile.creditdays).toBe('7');
  });
});
