import pg from 'pg';
import { expect, it } from 'vitest';
import { pdfText } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

const KAVERI = 'Kaveri Agro Industries';
const OTHER = 'Bharat Roadways';

/** One goods row of `rupees` (qty 1): a plain invoice's grand total is then exactly that many rupees. */
const row = (rupees: number) => ({ srno: 1, goods: 'Fuel injection pump', qty: '1', rate: String(rupees), per: 'per', amount: String(rupees) });

async function bill(api: Api, type: string, billno: number, clientname: string, date: string, rupees: number) {
  const response = await api.save(api.registry.byType(type)!, billno, { clientname, date, product: [row(rupees)] });
  expect(response.statusCode, response.body).toBe(200);
}

const save = (api: Api, body: Body) => api.post('/api/alfadiesel/savepayment', body);
const payment = (allocations: Body[], extra: Body = {}): Body => ({ clientname: KAVERI, date: '2026-10-01', amount: 12000, mode: 'cash', allocations, ...extra });
const invoice = (billno: number, amount: number) => ({ billtype: 'invoice', billno, fy: '2026-27', amount });

async function refusal(api: Api, body: Body): Promise<{ status: number; msg: string }> {
  const response = await save(api, body);
  return { status: response.statusCode, msg: jsonOf(response).msg };
}

async function paymentsOf(api: Api, filter: Body = { clientname: KAVERI }): Promise<Body[]> {
  const response = await api.post('/api/alfadiesel/getpayments', filter);
  expect(response.statusCode).toBe(200);
  return jsonOf(response).payments;
}

describeEachDatabase('payments received (issue 29)', (database) => {
  const api = useApi(database);

  it('a payment settles bills in part and keeps the rest on account; refusals say why and change nothing', async () => {
    await bill(api, 'invoice', 1, KAVERI, '2026-09-01', 10000);
    await bill(api, 'invoice', 2, KAVERI, '2026-10-15', 5000);
    await bill(api, 'invoice', 3, KAVERI, '2026-11-10', 2500);
    await bill(api, 'invoice', 4, OTHER, '2026-11-10', 1000);
    await bill(api, 'invoice', 5, KAVERI, '2026-11-12', 700);
    await bill(api, 'quotation', 1, KAVERI, '2026-11-12', 900);
    expect((await api.post('/api/common/deletebill', { billtype: 'invoice', billno: 5 })).statusCode).toBe(200);

    // 12,000 received: 10,000 settles invoice 1 whole, 1,500 part of invoice 2, 500 stays on account.
    const first = await save(api, payment([invoice(1, 10000), invoice(2, 1500)]));
    expect(first.statusCode, first.body).toBe(200);
    expect(jsonOf(first)).toEqual({ msg: 'Payment saved: receipt R/1.', _id: expect.any(String), receiptno: 'R/1' });
    const id = jsonOf(first)._id;

    // Invoice 1 has nothing left, invoice 2 has 3,500 left.
    expect(await refusal(api, payment([invoice(1, 1)], { amount: 1 }))).toEqual({ status: 400, msg: 'Invoice Bill 1 has only ₹0.00 left to pay.' });
    expect(await refusal(api, payment([invoice(2, 3500.01)], { amount: 4000 }))).toEqual({ status: 400, msg: 'Invoice Bill 2 has only ₹3,500.00 left to pay.' });
    expect(await refusal(api, payment([], { amount: 0 }))).toEqual({ status: 400, msg: 'Please provide an amount received above zero.' });
    expect(await refusal(api, payment([], { amount: '12.345' }))).toEqual({ status: 400, msg: 'Please provide an amount received above zero.' });
    expect(await refusal(api, payment([invoice(2, 600)], { amount: 500 }))).toEqual({
      status: 400,
      msg: 'The bills settled add up to ₹600.00, more than the ₹500.00 received.',
    });
    expect(await refusal(api, payment([{ billtype: 'quotation', billno: 1, amount: 100 }]))).toEqual({
      status: 400,
      msg: 'Quotation Bill 1 is not a sales bill: payments settle sales bills only.',
    });
    expect(await refusal(api, payment([invoice(5, 100)]))).toEqual({ status: 400, msg: 'Invoice Bill 5 is cancelled: it takes no payment.' });
    expect(await refusal(api, payment([invoice(4, 100)]))).toEqual({
      status: 400,
      msg: `Invoice Bill 4 is a bill of ${OTHER}, not of ${KAVERI}.`,
    });
    expect(await refusal(api, payment([invoice(99, 100)]))).toEqual({ status: 404, msg: 'Invoice Bill 99 not found.' });
    expect(await refusal(api, payment([invoice(2, 100), invoice(2, 100)]))).toEqual({ status: 400, msg: 'Invoice Bill 2 is named twice in one payment.' });
    expect((await refusal(api, payment([], { mode: 'barter' }))).msg).toBe('Please choose how the payment was made: cash, upi, bank, cheque, card, other.');
    expect(await refusal(api, payment([], { clientname: 'Nobody Ltd' }))).toEqual({ status: 400, msg: 'There is no saved client named "Nobody Ltd".' });
    expect((await refusal(api, payment([{ billtype: 'invoice', billno: 'x', amount: 1 }]))).status).toBe(400);
    expect((await refusal(api, { ...payment([]), allocations: 'all' })).status).toBe(400);

    let [saved] = await paymentsOf(api);
    expect(saved).toEqual({
      _id: id,
      receiptno: 'R/1',
      clientname: KAVERI,
      date: '2026-10-01',
      amount: 12000,
      mode: 'cash',
      reference: '',
      notes: '',
      allocations: [
        { billtype: 'invoice', billno: 1, fy: 2026, printedno: '1', amount: 10000 },
        { billtype: 'invoice', billno: 2, fy: 2026, printedno: '2', amount: 1500 },
      ],
      tds: null,
      unallocated: 500,
    });

    // Later the 500 on account goes to invoice 3: the same receipt, nothing left unallocated.
    const later = await save(api, { ...payment([invoice(1, 10000), invoice(2, 1500), invoice(3, 500)]), _id: id, reference: 'UTR 4411' });
    expect(later.statusCode, later.body).toBe(200);
    expect(jsonOf(later).receiptno).toBe('R/1');
    [saved] = await paymentsOf(api);
    expect(saved).toMatchObject({ reference: 'UTR 4411', unallocated: 0 });
    expect(saved.allocations).toHaveLength(3);

    const pdf = await api.post('/api/alfadiesel/showreceipt', { _id: id });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('PAYMENT RECEIPT');
    expect(text).toContain('ALFA DIESEL');
    expect(text).toContain('Receipt No.: R/1');
    expect(text).toContain('Twelve Thousand Rupees Only');
    expect(text).toMatch(/Invoice Bill 2 15-10-2026 ₹ 5,000.00 ₹ 1,500.00/);
    expect(text).toContain('UTR 4411');
  });

  it('two payments racing for a bill\'s last rupees: one is refused, the bill is never over-allocated', async () => {
    await bill(api, 'invoice', 20, KAVERI, '2026-11-01', 3000);
    const race = { billtype: 'invoice', billno: 20, fy: '2026-27', amount: 2000 };
    const answers = await Promise.all(Array.from({ length: 8 }, () => save(api, payment([race], { amount: 2000 }))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    const settled = (await paymentsOf(api)).flatMap((p) => (p.allocations as Body[]).filter((a) => a.billno === 20));
    expect(settled).toEqual([expect.objectContaining({ amount: 2000 })]);
  });

  /**
   * PostgreSQL, made deterministic: another connection holds the bill's row and the unit's receipt numbering, so
   * both payments are inside their transactions, waiting, when it lets go. Without the bill lock both would have
   * read the bill's balance before waiting, and both would land.
   */
  it.runIf(database.name === 'PostgreSQL')('payments waiting on a bill read its balance only once they hold it', async () => {
    await bill(api, 'invoice', 21, KAVERI, '2026-11-01', 3000);
    const url = (api.databaseOptions as { databaseUrl: string }).databaseUrl;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query("select id from bills where unit = 'alfadiesel' and type = 'invoice' and billno = 21 for update");
      await holder.query("select pg_advisory_xact_lock(hashtext('alfadiesel/receipts'))");
      const race = { billtype: 'invoice', billno: 21, fy: '2026-27', amount: 2000 };
      const answers = Promise.all([0, 1].map(() => save(api, payment([race], { amount: 2000 }))));
      const waiting = async () =>
        Number((await holder.query("select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()")).rows[0].n);
      while ((await waiting()) < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      await holder.query('commit');
      expect((await answers).map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    } finally {
      await holder.end();
    }
  });

  /** Tax Invoice 5: 4 x 2,500 at 18% = 10,000 + CGST 900 + SGST 900 = 11,800; Credit Note 1: 1 x 2,500 + 450 = 2,950. */
  it('a credit note lowers what a bill asks: 11,800 - 2,950 = 8,850 left', async () => {
    const buyer = { clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208', gstno: '27AAPFU0939F1ZV' };
    const line = (qty: string, amount: string) => ({ srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty, rate: '2500', per: 'no', amount });
    expect((await api.save(api.registry.byType('taxinvoice')!, 5, { ...buyer, date: '2026-11-21', product: [line('4', '10000.00')] })).statusCode).toBe(200);
    const note = await api.post('/api/gst/createtaxbill', {
      method: 'create', type: 'creditnote', invoiceno: 1, date: '2026-11-25', reason: 'Sales Return', clientname: buyer.clientname, clientaddress: '', gstno: '',
      placeofsupply: '27', against: { billtype: 'taxinvoice', billno: 5, fy: '2026-27' }, product: [line('1', '2500.00')],
    });
    expect(note.statusCode, note.body.slice(0, 300)).toBe(200);
    const settle = (amount: number) =>
      api.post('/api/gst/savepayment', { clientname: buyer.clientname, date: '2026-11-26', amount, mode: 'bank', allocations: [{ billtype: 'taxinvoice', billno: 5, fy: '2026-27', amount }] });
    expect(jsonOf(await settle(8850.01))).toEqual({ msg: 'Tax Invoice Bill 5 has only ₹8,850.00 left to pay.' });
    const [row] = jsonOf(await api.post('/api/common/getbill', { billtype: 'taxinvoice', limit: 10 })).bill;
    expect(row).toMatchObject({ total: 11800, paid: 0, balance: 8850 });
    expect((await settle(8850)).statusCode).toBe(200);
    const receivables = jsonOf(await api.post('/api/gst/receivables', { asof: '2026-12-31' }));
    expect(receivables.clients.find((client: Body) => client.clientname === buyer.clientname)).toBeUndefined();
  });

  it('a deleted payment frees its bills; its receipt number is not reused', async () => {
    await bill(api, 'invoice', 30, KAVERI, '2026-11-02', 800);
    const saved = jsonOf(await save(api, payment([invoice(30, 800)], { amount: 800 })));
    expect(await refusal(api, payment([invoice(30, 1)], { amount: 1 }))).toEqual({ status: 400, msg: 'Invoice Bill 30 has only ₹0.00 left to pay.' });
    expect(jsonOf(await api.post('/api/alfadiesel/deletepayment', { _id: saved._id }))).toEqual({ msg: `Receipt ${saved.receiptno} deleted.` });
    expect((await api.post('/api/alfadiesel/deletepayment', { _id: saved._id })).statusCode).toBe(404);
    expect((await api.post('/api/alfadiesel/showreceipt', { _id: saved._id })).statusCode).toBe(404);
    const again = jsonOf(await save(api, payment([invoice(30, 800)], { amount: 800 })));
    expect(again.receiptno).not.toBe(saved.receiptno);
    expect(Number(again.receiptno.slice(2))).toBeGreaterThan(Number(saved.receiptno.slice(2)));
  });
});
