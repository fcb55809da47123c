import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

const BUYER = { clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208', gstno: '27AAPFU0939F1ZV' };
const pumps = (qty: number) => [{ srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: String(qty), rate: '2500', per: 'no', amount: `${qty * 2500}.00` }];

function note(type: 'creditnote' | 'debitnote', billno: number, against: number, qty: number, date = '2026-11-25'): Body {
  return {
    method: 'create', type, invoiceno: billno, date, reason: type === 'creditnote' ? 'Sales Return' : 'Others',
    clientname: BUYER.clientname, clientaddress: '', gstno: '', placeofsupply: '27', against: { billtype: 'taxinvoice', billno: against }, product: pumps(qty),
  };
}

const invoice = (api: Api, billno: number, qty: number, method: 'create' | 'update' = 'create') =>
  api.save(api.registry.byType('taxinvoice')!, billno, { ...BUYER, date: '2026-11-21', product: pumps(qty) }, method);

async function ok<T extends { statusCode: number; body: string }>(answer: Promise<T>): Promise<T> {
  const done = await answer;
  expect(done.statusCode, done.body.slice(0, 300)).toBe(200);
  return done;
}

/**
 * Issue 42 item 6, worked out by hand (seller and buyer in Maharashtra, 18%):
 * - Tax Invoice No. 5 (21-11-2026): 4 no x 2,500 = 10,000.00, CGST 900 + SGST 900 = 11,800.00, paid in full by
 *   receipt R/1 (22-11).
 * - Credit Note CN/1 (25-11) against No. 5: 1 no x 2,500 = 2,500.00 + 225 + 225 = 2,950.00.
 * The bill can now take 11,800 - 2,950 = 8,850.00, so R/1's allocation shrinks to 8,850.00 and 2,950.00 is on
 * account: the bill's balance is 0 (not -2,950), receivables show nothing owed, and the statement closes at
 * 11,800 - 11,800 - 2,950 = -2,950 with 2,950 on account.
 */
describeEachDatabase('figures that cannot go below zero (issue 42)', (database) => {
  const api = useApi(database);
  const listRow = async (billno: number) =>
    jsonOf(await api.post('/api/common/getbill', { billtype: 'taxinvoice', limit: 50 })).bill.find((row: Body) => row.billno === billno);
  const payments = async () => jsonOf(await api.post('/api/gst/getpayments', { clientname: BUYER.clientname })).payments;

  it('a credit note on a fully paid bill moves the excess payment on account, audited', async () => {
    await ok(invoice(api, 5, 4));
    const paid = await ok(api.post('/api/gst/savepayment', {
      clientname: BUYER.clientname, date: '2026-11-22', amount: 11800, mode: 'bank', allocations: [{ billtype: 'taxinvoice', billno: 5, fy: '2026-27', amount: 11800 }],
    }));
    const paymentId = jsonOf(paid)._id;
    await ok(api.post('/api/gst/createtaxbill', note('creditnote', 1, 5, 1)));

    expect(await listRow(5)).toMatchObject({ total: 11800, paid: 8850, balance: 0, status: 'paid' });
    expect(await payments()).toEqual([
      expect.objectContaining({ receiptno: 'R/1', amount: 11800, allocations: [expect.objectContaining({ billno: 5, amount: 8850 })], unallocated: 2950 }),
    ]);
    const receivables = jsonOf(await api.post('/api/gst/receivables', { asof: '2026-11-30' }));
    expect(receivables).toMatchObject({ clients: [], total: 0 });
    const statement = jsonOf(await api.post('/api/gst/statement', { clientname: BUYER.clientname, from: '2026-11-01', to: '2026-11-30' }));
    expect(statement.lines.map((line: Body) => [line.number, line.debit, line.credit, line.balance])).toEqual([
      ['5', 11800, 0, 11800],
      ['R/1', 0, 11800, 0],
      ['CN/1', 0, 2950, -2950],
    ]);
    expect(statement).toMatchObject({ closing: -2950, onaccount: 2950 });

    // The payment's change is in the audit trail with the note's, as an edit of R/1 would be.
    const audit = await api.storage.database.db.selectFrom('audit_log').select(['action', 'type', 'billno', 'before', 'after']).where('type', '=', 'payment').orderBy('id').execute();
    expect(audit.map((row) => [row.action, Number(row.billno)])).toEqual([['create', 1], ['update', 1]]);
    const allocated = (json: string | null) => (JSON.parse(json ?? '{}') as { allocations: Body[] }).allocations.map((a) => a.amount);
    expect([allocated(audit[1].before), allocated(audit[1].after)]).toEqual([[1180000], [885000]]);

    // What is on account settles another bill: No. 6 (1 no, 2,950.00) from the same receipt.
    await ok(invoice(api, 6, 1));
    await ok(api.post('/api/gst/savepayment', {
      _id: paymentId, clientname: BUYER.clientname, date: '2026-11-22', amount: 11800, mode: 'bank',
      allocations: [{ billtype: 'taxinvoice', billno: 5, fy: '2026-27', amount: 8850 }, { billtype: 'taxinvoice', billno: 6, fy: '2026-27', amount: 2950 }],
    }));
    expect(await listRow(6)).toMatchObject({ total: 2950, paid: 2950, balance: 0, status: 'paid' });
    expect((await payments())[0].unallocated).toBe(0);
  });

  it('refuses to edit a bill below what its credit notes take off, naming them, and changes nothing', async () => {
    const edit = await invoice(api, 5, 0.8, 'update');
    expect(edit.statusCode, edit.body.slice(0, 300)).toBe(400);
    expect(jsonOf(edit).msg).toBe(
      'Tax Invoice Bill No. 5 cannot go below what Credit Note CN/1 takes off: at 18% it would credit ₹500.00 more taxable value ' +
        'than the bill (with its debit notes) holds. Change or delete that note first.',
    );
    expect(jsonOf(await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 5 })).bill.product[0].qty).toBe(4);
    expect(await listRow(5)).toMatchObject({ total: 11800, paid: 8850, balance: 0 });
    // Down to exactly what the note leaves is fine: 1 no x 2,500 = 2,950.00, all of it credited; R/1 keeps nothing on it.
    await ok(invoice(api, 5, 1, 'update'));
    expect(await listRow(5)).toMatchObject({ total: 2950, paid: 0, balance: 0, status: 'paid' });
    expect((await payments())[0].unallocated).toBe(8850);
  });

  it('refuses to delete a debit note the credit notes lean on; one that goes frees what the bill can no longer take', async () => {
    // No. 7: 2 no = 5,900.00; DN/1 adds 1 no (2,950.00); CN/2 takes off 3 no (8,850.00), all the bill and the debit note hold.
    await ok(invoice(api, 7, 2));
    await ok(api.post('/api/gst/createtaxbill', note('debitnote', 1, 7, 1)));
    await ok(api.post('/api/gst/createtaxbill', note('creditnote', 2, 7, 3)));
    const gone = await api.post('/api/common/deletebill', { billtype: 'debitnote', billno: 1 });
    expect([gone.statusCode, jsonOf(gone).msg]).toEqual([
      400,
      'Tax Invoice Bill No. 7 cannot go below what Credit Note CN/2 takes off: at 18% it would credit ₹2,500.00 more taxable value ' +
        'than the bill (with its debit notes) holds. Change or delete that note first.',
    ]);
    expect(jsonOf(await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 7 })).bill.notes).toHaveLength(2);

    // Without CN/2, No. 7 with DN/1 is 8,850.00, paid by R/2; when DN/1 goes it takes 5,900.00, 2,950.00 on account.
    await ok(api.post('/api/common/deletebill', { billtype: 'creditnote', billno: 2 }));
    await ok(api.post('/api/gst/savepayment', {
      clientname: BUYER.clientname, date: '2026-11-26', amount: 8850, mode: 'cash', allocations: [{ billtype: 'taxinvoice', billno: 7, fy: '2026-27', amount: 8850 }],
    }));
    await ok(api.post('/api/common/deletebill', { billtype: 'debitnote', billno: 1 }));
    expect(await listRow(7)).toMatchObject({ total: 5900, paid: 5900, balance: 0, status: 'paid' });
    expect((await payments()).find((p: Body) => p.receiptno === 'R/2')).toMatchObject({ allocations: [expect.objectContaining({ billno: 7, amount: 5900 })], unallocated: 2950 });
  });
});
