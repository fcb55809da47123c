import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

const CLIENT = { clientname: 'Kaveri Agro Industries', clientaddress: 'Hosur Road, Bengaluru 560068' };
const PROFILE = { companyName: 'ALFA DIESEL SERVICES', address: 'Andheri (East), Mumbai 400069', bankName: 'State Bank of India', ifsc: 'SBIN0001234' };

/** Issue 49 item 4: every numeric field of the API takes a JSON number as well as its text. */
describeEachDatabase('numbers as numbers (issue 49)', (database) => {
  const api = useApi(database);

  it('saves a client whose credit days, phone and pincode are JSON numbers, as their text', async () => {
    const saved = await api.post('/api/common/saveclient', { ...CLIENT, creditdays: 15, phone: 9876543210, pincode: 560068 });
    expect([saved.statusCode, jsonOf(saved).msg]).toEqual([200, expect.any(String)]);
    const [client] = jsonOf(await api.get('/api/common/getclient')).clientList;
    expect(client).toMatchObject({ creditdays: '15', phone: '9876543210', pincode: '560068' });
  });

  it('refuses a number that is not a whole number of days with the text message, changing nothing', async () => {
    for (const creditdays of [1.5, -5, 1000]) {
      const response = await api.post('/api/common/saveclient', { ...CLIENT, creditdays });
      expect([response.statusCode, jsonOf(response).msg]).toEqual([400, 'Please provide the credit days as a whole number of days (0 to 999).']);
    }
    expect(jsonOf(await api.get('/api/common/getclient')).clientList[0].creditdays).toBe('15');
  });

  it('saves a profile whose credit days, pincode and account number are JSON numbers', async () => {
    const saved = await api.post('/api/alfadiesel/saveprofile', { ...PROFILE, creditdays: 30, pincode: 400069, accountNumber: 123456789012 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(jsonOf(await api.post('/api/alfadiesel/getprofile', {})).profile).toMatchObject({ creditdays: '30', pincode: '400069', accountNumber: '123456789012' });
  });

  it('refuses an account number past 2^53, whose digits JSON has already rounded', async () => {
    // Sent as raw JSON: the 18 digits reach the server already rounded by its JSON parser.
    const body = JSON.stringify({ ...PROFILE, accountNumber: 0 }).replace('"accountNumber":0', '"accountNumber":123456789012345678');
    const response = await api.app.inject({ method: 'POST', url: '/api/alfadiesel/saveprofile', headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' }, payload: body });
    expect([response.statusCode, jsonOf(response).msg]).toEqual([400, 'Account Number must be digits (text or a JSON number).']);
    expect(jsonOf(await api.post('/api/alfadiesel/getprofile', {})).profile.accountNumber).toBe('123456789012');
  });
});
