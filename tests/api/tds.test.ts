import { expect, it } from 'vitest';
import type { BillType } from '../../src/engine/core';
import { pdfText } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

const CLIENT = 'Deccan Cold Storage Pvt Ltd';
const CLIENT_GSTIN = '27AAPFU0939F1ZV';

/** A GST unit's goods sales bill: TDS is figured on the value before GST, which such a bill keeps apart. */
const taxSale = (api: Api): BillType => api.registry.billTypes.find((b) => b.tax && b.countsAsSales && b.lines === 'goods' && b.note === undefined)!;

/** One line of `rupees` at 18 %: the value before GST is `rupees`, the bill's total `rupees` × 1.18. */
async function saleOf(api: Api, billno: number, date: string, rupees: number) {
  const billType = taxSale(api);
  const line = { srno: 1, goods: 'Genset overhaul', qty: '1', rate: String(rupees), per: 'per', amount: String(rupees), hsn: '8502', taxrate: '18' };
  const response = await api.save(billType, billno, { clientname: CLIENT, gstno: CLIENT_GSTIN, date, product: [line] });
  expect(response.statusCode, response.body).toBe(200);
  return billType;
}

describeEachDatabase('TDS a client deducts when paying (issue 46 item 5)', (database) => {
  const api = useApi(database);
  const unit = () => taxSale(api).unit;
  const post = (endpoint: string, body: Body) => api.post(`/api/${unit()}/${endpoint}`, body);
  const paymentsOf = async () => jsonOf(await post('getpayments', { clientname: CLIENT })).payments as Body[];
  /** The payments settling one bill: the file's tests share a database. */
  const paymentsOn = async (billno: number) => (await paymentsOf()).filter((payment) => (payment.allocations as Body[]).some((share) => share.billno === billno));

  it('settles an ₹11,800 bill with ₹11,600 received and ₹200 TDS u/s 393, kept apart in the statement, receipt and TDS report', async () => {
    const billType = await saleOf(api, 61, '2026-11-02', 10000);
    const invoice = { billtype: billType.type, billno: 61, fy: '2026-27', amount: 11800 };
    const saved = await post('savepayment', { clientname: CLIENT, date: '2026-11-20', amount: 11600, mode: 'bank', reference: 'UTR 7781', allocations: [invoice], tds: { section: '393', amount: 200 } });
    expect(saved.statusCode, saved.body).toBe(200);

    const [payment] = await paymentsOf();
    expect(payment).toMatchObject({ amount: 11600, tds: { section: '393', amount: 200 }, unallocated: 0, allocations: [expect.objectContaining({ billno: 61, amount: 11800 })] });

    // The bill owes nothing: the money and the TDS together settled it.
    const receivables = jsonOf(await post('receivables', { asof: '2026-11-30' }));
    expect(receivables.clients.find((client: Body) => client.clientname === CLIENT)).toBeUndefined();

    const statement = jsonOf(await post('statement', { clientname: CLIENT, from: '2026-11-01', to: '2026-11-30' }));
    expect(statement.lines.map((line: Body) => [line.particulars, line.debit, line.credit, line.balance])).toEqual([
      [billType.menuLabel, 11800, 0, 11800],
      ['Payment received (Bank transfer (NEFT/RTGS/IMPS))', 0, 11600, 200],
      ['TDS deducted u/s 393', 0, 200, 0],
    ]);
    expect(statement.lines[2]).toMatchObject({ type: 'tds', section: '393' });
    expect(statement.closing).toBe(0);

    const receipt = await post('showreceipt', { _id: payment._id });
    expect(receipt.statusCode).toBe(200);
    const text = pdfText(receipt.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Less: TDS deducted u/s 393');
    expect(text).toMatch(/- ₹ 200\.00/);
    expect(text).toMatch(/Total received ₹ 11,600\.00/);

    const report = jsonOf(await post('tdsreport', { from: '2026-11-01', to: '2026-11-30' }));
    expect(report.payments).toEqual([
      { clientname: CLIENT, gstin: CLIENT_GSTIN, section: '393', receiptno: payment.receiptno, date: '2026-11-20', received: 11600, tds: 200, bills: `${billType.menuLabel} ${61}`, value: 10000 },
    ]);
    expect(report.clients).toEqual([{ clientname: CLIENT, gstin: CLIENT_GSTIN, section: '393', received: 11600, tds: 200 }]);
    expect(report.total).toBe(200);
    expect(jsonOf(await post('tdsreport', { from: '2026-12-01', to: '2026-12-31' })).payments).toEqual([]);

    const csv = await post('tdsreport', { from: '2026-11-01', to: '2026-11-30', format: 'csv' });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Client,GSTIN,Section,Receipt No.,Date,Amount Received,TDS,Bills Settled,Value before GST',
      `${CLIENT},${CLIENT_GSTIN},393,${payment.receiptno},2026-11-20,11600.00,200.00,${billType.menuLabel} 61,10000.00`,
      '',
    ]);
  });

  it('refuses a section that does not apply on the date, a TDS of nothing, and bills above the money and the TDS, saving nothing', async () => {
    const billType = await saleOf(api, 62, '2026-11-03', 10000);
    const invoice = { billtype: billType.type, billno: 62, fy: '2026-27', amount: 11800 };
    const body = { clientname: CLIENT, date: '2026-11-20', amount: 11600, mode: 'bank', allocations: [invoice] };
    const refusal = async (tds: unknown, extra: Body = {}) => {
      const response = await post('savepayment', { ...body, tds, ...extra });
      return [response.statusCode, jsonOf(response).msg];
    };
    expect(await refusal({ section: '194C', amount: 200 })).toEqual([400, 'Section 194C applies to payments until 2026-03-31; choose one of 393.']);
    expect(await refusal({ section: 'XYZ', amount: 200 })).toEqual([400, 'Please choose the section the TDS was deducted under: 393.']);
    expect(await refusal({ section: '393', amount: 0 })).toEqual([400, 'Please provide the TDS deducted as an amount above zero.']);
    expect(await refusal({ section: '393', amount: 'two hundred' })).toEqual([400, 'Please provide the TDS deducted as an amount above zero.']);
    expect(await refusal('393')).toEqual([400, 'Please choose the section the TDS was deducted under: 393.']);
    expect(await refusal({ section: '393', amount: 100 })).toEqual([400, 'The bills settled add up to ₹11,800.00, more than the ₹11,600.00 received and the ₹100.00 TDS.']);
    expect(await paymentsOn(62)).toEqual([]);
  });

  it('asks before saving a TDS above 10 % of the bills\' value before GST, and saves it once confirmed', async () => {
    const billType = await saleOf(api, 63, '2026-11-04', 10000);
    const invoice = { billtype: billType.type, billno: 63, fy: '2026-27', amount: 11800 };
    const body = { clientname: CLIENT, date: '2026-11-20', amount: 10799, mode: 'bank', allocations: [invoice], tds: { section: '393', amount: 1001 } };
    const unconfirmed = await post('savepayment', body);
    expect(unconfirmed.statusCode).toBe(400);
    expect(jsonOf(unconfirmed)).toEqual({
      msg: 'The TDS of ₹1,001.00 is more than 10 % of ₹10,000.00, the value before GST of the bills it settles. Save it anyway?',
      confirm: 'tds',
    });
    expect(await paymentsOn(63)).toEqual([]);
    // Exactly 10 % needs no confirmation.
    const atTheLimit = await post('savepayment', { ...body, amount: 10800, tds: { section: '393', amount: 1000 } });
    expect(atTheLimit.statusCode, atTheLimit.body).toBe(200);
    await post('deletepayment', { _id: jsonOf(atTheLimit)._id });
    const confirmed = await post('savepayment', { ...body, confirmtds: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await paymentsOn(63)).map((payment) => payment.tds)).toEqual([{ section: '393', amount: 1001 }]);
  });

  it('takes section 194C for a payment dated before 1 April 2026, under the Act of 1961', async () => {
    const billType = await saleOf(api, 64, '2026-03-10', 5000);
    const saved = await post('savepayment', {
      clientname: CLIENT, date: '2026-03-25', amount: 5800, mode: 'cheque',
      allocations: [{ billtype: billType.type, billno: 64, fy: '2025-26', amount: 5900 }], tds: { section: '194C', amount: 100 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const report = jsonOf(await post('tdsreport', { from: '2026-03-01', to: '2026-03-31' }));
    expect(report.payments.map((row: Body) => [row.section, row.received, row.tds, row.value])).toEqual([['194C', 5800, 100, 5000]]);
  });
});
