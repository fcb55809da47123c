import { expect, it } from 'vitest';
import { pdfText } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

const A = 'Kaveri Agro Industries';
const B = 'Bharat Roadways';
const C = 'Zenith Motors';
const ADDRESS = 'Hosur Road, Bengaluru 560068';

const row = (rupees: number) => ({ srno: 1, goods: 'Fuel injection pump', qty: '1', rate: String(rupees), per: 'per', amount: String(rupees) });

async function bill(api: Api, billno: number, clientname: string, date: string, rupees: number, method: 'create' | 'update' = 'create') {
  const response = await api.save(api.registry.byType('invoice')!, billno, { clientname, clientaddress: ADDRESS, date, product: [row(rupees)] }, method);
  expect(response.statusCode, response.body).toBe(200);
}

async function pay(api: Api, clientname: string, date: string, amount: number, allocations: [number, number][]): Promise<string> {
  const response = await api.post('/api/alfadiesel/savepayment', {
    clientname,
    date,
    amount,
    mode: 'upi',
    allocations: allocations.map(([billno, share]) => ({ billtype: 'invoice', billno, fy: '2026-27', amount: share })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return jsonOf(response)._id;
}

async function listed(api: Api, extra: Body = {}): Promise<Body[]> {
  const response = await api.post('/api/common/getbill', { billtype: 'invoice', limit: 100, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return jsonOf(response).bill;
}

const receivables = async (api: Api, asof: string) => jsonOf(await api.post('/api/alfadiesel/receivables', { asof }));

describeEachDatabase('balances and receivables (issue 29)', (database) => {
  const api = useApi(database);

  it('each bill knows its balance, due date and status; receivables age what is owed by days past due', async () => {
    for (const [clientname, creditdays, phone] of [[A, '30', ''], [B, '', '98200 12345'], [C, '999', '']]) {
      const saved = await api.post('/api/common/saveclient', { clientname, clientaddress: ADDRESS, creditdays, phone });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    await bill(api, 1, A, '2026-07-01', 10000);
    await bill(api, 2, A, '2026-09-15', 4000);
    await bill(api, 3, A, '2026-11-20', 3000);
    await bill(api, 4, A, '2026-10-01', 2000);
    await bill(api, 5, B, '2026-11-01', 6000);
    await bill(api, 6, B, '2026-08-31', 1000);
    await bill(api, 7, B, '2026-09-20', 500);
    await bill(api, 8, C, '2026-11-01', 1000);
    await bill(api, 9, C, '2026-11-02', 800);
    await bill(api, 10, C, '2026-11-03', 700);

    const p1 = await pay(api, A, '2026-10-05', 7000, [[1, 6000], [4, 500]]);
    await pay(api, A, '2026-12-05', 1000, [[2, 1000]]);
    const p3 = await pay(api, B, '2026-11-10', 2000, [[5, 2000]]);
    await pay(api, C, '2026-11-04', 1100, [[8, 400], [10, 700]]);

    // Cancelling invoice 4 moves its 500 back to payment 1, on account.
    expect((await api.post('/api/common/deletebill', { billtype: 'invoice', billno: 4 })).statusCode).toBe(200);
    const [payment1] = jsonOf(await api.post('/api/alfadiesel/getpayments', { clientname: A, to: '2026-10-31' })).payments;
    expect(payment1).toMatchObject({ _id: p1, unallocated: 1000, allocations: [expect.objectContaining({ billno: 1, amount: 6000 })] });

    // Invoice 5 edited down to 1,500 after 2,000 was paid: the payment keeps 1,500 on it, 500 on account.
    await bill(api, 5, B, '2026-11-01', 1500, 'update');
    const payment3 = jsonOf(await api.post('/api/alfadiesel/getpayments', { clientname: B })).payments[0];
    expect(payment3).toMatchObject({ _id: p3, unallocated: 500, allocations: [expect.objectContaining({ billno: 5, amount: 1500 })] });

    const rows = new Map((await listed(api)).map((entry) => [entry.billno, entry]));
    expect(rows.has(4)).toBe(false);
    expect(rows.get(8)).toMatchObject({ total: 1000, paid: 400, balance: 600, due: '2029-07-27', status: 'partlypaid' });
    expect(rows.get(9)).toMatchObject({ total: 800, paid: 0, balance: 800, status: 'unpaid' });
    expect(rows.get(10)).toMatchObject({ total: 700, paid: 700, balance: 0, status: 'paid' });
    expect(rows.get(1)).toMatchObject({ total: 10000, paid: 6000, balance: 4000, due: '2026-07-31', status: 'overdue' });
    expect(rows.get(2)).toMatchObject({ total: 4000, paid: 1000, balance: 3000, due: '2026-10-15', status: 'overdue' });
    expect(rows.get(5)).toMatchObject({ total: 1500, paid: 1500, balance: 0, status: 'paid' });
    expect(rows.get(6)).toMatchObject({ balance: 1000, due: '2026-08-31', status: 'overdue' });

    const byStatus = async (status: unknown) => (await listed(api, { status })).map((entry) => entry.billno);
    expect(await byStatus('paid')).toEqual([10, 5]);
    expect(await byStatus('partlypaid')).toEqual([8]);
    expect(await byStatus(['unpaid', 'partlypaid', 'overdue'])).toEqual(expect.arrayContaining([9, 8, 7, 6, 3, 2, 1]));
    expect(await byStatus(['unpaid', 'partlypaid', 'overdue'])).toHaveLength(7);
    const page = jsonOf(await api.post('/api/common/getbill', { billtype: 'invoice', status: 'overdue', limit: 2 }));
    expect(page.bill.map((entry: Body) => entry.billno)).toEqual([7, 6]);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect((await api.post('/api/common/getbill', { billtype: 'invoice', status: 'owing' })).statusCode).toBe(400);
    // A quotation has no balance; the spec's plain list call keeps its three keys.
    expect(Object.keys((await listed(api))[0])).toContain('balance');
    const plain = jsonOf(await api.post('/api/common/getbill', { billtype: 'invoice' })).bill[0];
    expect(Object.keys(plain).sort()).toEqual(['billno', 'clientname', 'date']);

    // As of 30 November: payment 2 (5 December) does not count yet.
    expect(await receivables(api, '2026-11-30')).toEqual({
      asof: '2026-11-30',
      clients: [
        { clientname: A, outstanding: 11000, notdue: 3000, d1_30: 0, d31_60: 4000, d61_90: 0, d90plus: 4000, oldestdue: '2026-07-31', onaccount: 1000 },
        { clientname: B, outstanding: 1500, notdue: 0, d1_30: 0, d31_60: 0, d61_90: 500, d90plus: 1000, oldestdue: '2026-08-31', onaccount: 500 },
        { clientname: C, outstanding: 1400, notdue: 1400, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0, oldestdue: '2029-07-27', onaccount: 0 },
      ],
      count: 3,
      totals: { outstanding: 13900, onaccount: 1500, notdue: 4400, d1_30: 0, d31_60: 4000, d61_90: 500, d90plus: 5000 },
      total: 13900,
    });
    const later = await receivables(api, '2026-12-31');
    expect(later.clients[0]).toEqual({ clientname: A, outstanding: 10000, notdue: 0, d1_30: 3000, d31_60: 0, d61_90: 3000, d90plus: 4000, oldestdue: '2026-07-31', onaccount: 1000 });
    expect((await api.post('/api/alfadiesel/receivables', { asof: '2026-02-30' })).statusCode).toBe(400);

    // A's statement for September to November: invoice 1 (July) brought forward, payment 2 (December) not yet.
    const statement = (format: string, clientname = A) => api.post('/api/alfadiesel/statement', { clientname, from: '2026-09-01', to: '2026-11-30', format });
    expect(jsonOf(await statement('json'))).toEqual({
      clientname: A,
      from: '2026-09-01',
      to: '2026-11-30',
      opening: 10000,
      lines: [
        { date: '2026-09-15', type: 'bill', billtype: 'invoice', number: '2', particulars: 'Invoice Bill', debit: 4000, credit: 0, balance: 14000 },
        { date: '2026-10-05', type: 'payment', mode: 'upi', number: 'R/1', particulars: 'Payment received (UPI)', debit: 0, credit: 7000, balance: 7000 },
        { date: '2026-11-20', type: 'bill', billtype: 'invoice', number: '3', particulars: 'Invoice Bill', debit: 3000, credit: 0, balance: 10000 },
      ],
      closing: 10000,
      ageing: { notdue: 3000, d1_30: 0, d31_60: 4000, d61_90: 0, d90plus: 4000 },
      // Payment 1's 7,000 less the 6,000 on invoice 1: the ageing's 11,000 less this is the closing 10,000.
      onaccount: 1000,
    });
    const csv = await statement('csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')).toEqual([
      '\uFEFFDate,Particulars,No.,Debit,Credit,Balance',
      '2026-09-01,Opening balance,,,,10000.00',
      '2026-09-15,Invoice Bill,2,4000.00,,14000.00',
      '2026-10-05,Payment received (UPI),R/1,,7000.00,7000.00',
      '2026-11-20,Invoice Bill,3,3000.00,,10000.00',
      '2026-11-30,Closing balance,,,,10000.00',
      '',
    ]);
    const pdf = await statement('pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('STATEMENT OF ACCOUNT');
    expect(text).toContain('From 01-09-2026 to 30-11-2026');
    expect(text).toMatch(/01-09-2026 Opening balance ₹ 10,000.00/);
    // A line's figures without the rupee sign, as ledgers print their columns; the balances around them carry it.
    expect(text).toMatch(/15-09-2026 Invoice Bill 2 4,000.00 14,000.00 05-10-2026 Payment received \(UPI\) R\/1 7,000.00 7,000.00 /);
    expect(text).toMatch(/30-11-2026 Closing balance ₹ 10,000.00/);
    expect(text).toContain('Less on account (received, not yet put on any bill): ₹ 1,000.00');
    expect((await statement('json', 'Nobody Ltd')).statusCode).toBe(400);
    expect((await api.post('/api/alfadiesel/statement', { clientname: A, from: '2026-12-01', to: '2026-11-30' })).statusCode).toBe(400);

    // B's overdue bills (due 31 August and 20 September, so overdue on any day the test runs) in a wa.me link.
    const reminder = jsonOf(await api.post('/api/alfadiesel/reminder', { clientname: B }));
    const message = `Dear ${B}, this is a reminder from ALFA DIESEL. These bills are overdue: Invoice Bill 6, Invoice Bill 7. Amount due: ₹1,500.00.`;
    expect(reminder).toEqual({
      clientname: B,
      phone: '98200 12345',
      overdue: ['Invoice Bill 6', 'Invoice Bill 7'],
      amount: 1500,
      message,
      link: `https://wa.me/919820012345?text=${encodeURIComponent(message)}`,
    });
  });
});
