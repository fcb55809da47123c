import { expect, it } from 'vitest';
import { createRegistry } from '../../src/engine/core';
import { ajvCompiler } from '../../src/engine/core/ajv-compile';
import { readSchemaFiles } from '../../src/server/schema-files';
import { pdfText } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';

type Json = any;

/**
 * Two types a maintainer adds as files, each declaring what it is (x-bill.kind) and nothing else about reports: a
 * second credit note ("Sales Return", its own series, against tax invoices) and an advance receipt (a receipt of
 * money with GST lines).
 */
function registryWithMaintainersTypes() {
  const files = readSchemaFiles();
  const salesReturn: Json = structuredClone(files['bills/creditnote.json']);
  Object.assign(salesReturn['x-bill'], { type: 'salesreturn', route: 'salesreturn', menuLabel: 'Sales Return', menuOrder: 8, series: 'SR/{n}' });
  salesReturn['x-bill'].note.against = ['taxinvoice'];
  salesReturn.title = 'SalesReturnBill';
  const receipt: Json = structuredClone(files['bills/taxinvoice.json']);
  Object.assign(receipt['x-bill'], { type: 'advancereceipt', route: 'advancereceipt', menuLabel: 'Advance Receipt', menuOrder: 9, series: 'RV/{n}', kind: 'receipt' });
  delete receipt['x-bill'].unregisteredAs;
  receipt['x-bill'].pdf = { title: 'RECEIPT VOUCHER', documentName: 'Receipt Voucher' };
  receipt.title = 'AdvanceReceiptBill';
  return createRegistry({ ...files, 'bills/salesreturn.json': salesReturn, 'bills/advancereceipt.json': receipt }, ajvCompiler());
}

const BUYER = { clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208', gstno: '27AAPFU0939F1ZV' };
const pump = (qty: string, rate: string, amount: string) => [{ srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty, rate, per: 'no', amount }];

/**
 * Worked out by hand, the seller in Maharashtra (27), the buyer too:
 * - Tax Invoice No. 5 (21-11-2026): 4 no x 2,500 = 10,000.00 at 18%, CGST 900 + SGST 900 = 11,800.00.
 * - Sales Return SR/1 (25-11) against No. 5: 1 no x 2,500 = 2,500.00, CGST 225 + SGST 225 = 2,950.00.
 * - Advance Receipt RV/1 (26-11): 1 no x 1,000 = 1,000.00, CGST 90 + SGST 90 = 1,180.00.
 * Register: 10,000 - 2,500 = 7,500 taxable, CGST = SGST = 900 - 225 = 675, total 11,800 - 2,950 = 8,850; the
 * receipt is no sale and no note, so it is not there.
 * What the buyer owes on 30-11: the invoice less its return, 11,800 - 2,950 = 8,850, with the receipt's 1,180 on
 * account; the statement runs 11,800, 8,850, then 8,850 - 1,180 = 7,670.
 */
describeEachDatabase('a maintainer\'s note and receipt types are reported as what their kind says', (database) => {
  const api = useApi(database, registryWithMaintainersTypes());

  it('counts the sales return as a credit note and the receipt as a receipt voucher only', async () => {
    const invoice = await api.save(api.registry.byType('taxinvoice')!, 5, { ...BUYER, date: '2026-11-21', product: pump('4', '2500', '10000.00') });
    expect(invoice.statusCode, invoice.body.slice(0, 300)).toBe(200);
    const salesReturn = await api.post('/api/gst/createtaxbill', {
      method: 'create', type: 'salesreturn', invoiceno: 1, date: '2026-11-25', reason: 'Sales Return', clientname: BUYER.clientname,
      against: { billtype: 'taxinvoice', billno: 5 }, product: pump('1', '2500', '2500.00'),
    });
    expect(salesReturn.statusCode, salesReturn.body.slice(0, 300)).toBe(200);
    const receipt = await api.save(api.registry.byType('advancereceipt')!, 1, { ...BUYER, date: '2026-11-26', product: pump('1', '1000', '1000.00') });
    expect(receipt.statusCode, receipt.body.slice(0, 300)).toBe(200);

    const register = jsonOf(await api.post('/api/gst/salesregister', { from: '2026-11-01', to: '2026-11-30' }));
    expect(register.rows.map((row: Json) => [row.billtype, row.printedno, row.taxable, row.total])).toEqual([
      ['taxinvoice', '5', 10000, 11800],
      ['salesreturn', 'SR/1', -2500, -2950],
    ]);
    expect(register.totals).toEqual({ taxable: 7500, cgst: 675, sgst: 675, igst: 0, roundoff: 0, total: 8850 });

    const gstr1 = jsonOf(await api.post('/api/gst/gstr1', { fp: '112026' }));
    expect(gstr1.b2b.map((b: Json) => b.inv.map((i: Json) => i.inum))).toEqual([['5']]);
    expect(gstr1.cdnr).toEqual([
      { ctin: BUYER.gstno, nt: [expect.objectContaining({ ntty: 'C', nt_num: 'SR/1', val: 2950 })] },
    ]);
    expect(gstr1.doc_issue.doc_det.slice(1)).toEqual([
      { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'SR/1', to: 'SR/1', totnum: 1, cancel: 0, net_issue: 1 }] },
      { doc_num: 6, doc_typ: 'Receipt voucher', docs: [{ num: 1, from: 'RV/1', to: 'RV/1', totnum: 1, cancel: 0, net_issue: 1 }] },
    ]);
  });

  it('gives the receipt no balance (it is money in, not a sale to be paid) and the sales return no sale', async () => {
    expect(api.registry.byType('advancereceipt')).toMatchObject({ kind: 'receipt', countsAsSales: false, note: undefined });
    expect(api.registry.byType('salesreturn')).toMatchObject({ kind: 'creditNote', countsAsSales: false, note: { sign: -1, gstr1NoteType: 'C' } });
    const list = jsonOf(await api.post('/api/common/getbill', { billtype: 'advancereceipt', limit: 10 }));
    expect(list.bill).toHaveLength(1);
    expect(list.bill[0]).not.toHaveProperty('balance');
    const invoices = jsonOf(await api.post('/api/common/getbill', { billtype: 'taxinvoice', limit: 10 }));
    expect(invoices.bill[0]).toHaveProperty('balance');
    expect(invoices.bill[0].balance).toBe(8850);
  });

  it("takes the receipt's money off what the buyer owes, as money on account, until the receipt is deleted", async () => {
    const owing = async () => jsonOf(await api.post('/api/gst/receivables', { asof: '2026-11-30' })).clients;
    const statement = async () => jsonOf(await api.post('/api/gst/statement', { clientname: BUYER.clientname, from: '2026-11-01', to: '2026-11-30' }));
    expect(await owing()).toEqual([expect.objectContaining({ clientname: BUYER.clientname, outstanding: 8850, onaccount: 1180 })]);
    const lines = (await statement()).lines.map((line: Json) => [line.date, line.particulars, line.number, line.debit, line.credit, line.balance]);
    expect(lines).toEqual([
      ['2026-11-21', 'Tax Invoice Bill', '5', 11800, 0, 11800],
      ['2026-11-25', 'Sales Return', 'SR/1', 0, 2950, 8850],
      ['2026-11-26', 'Advance Receipt', 'RV/1', 0, 1180, 7670],
    ]);
    expect((await statement()).closing).toBe(7670);
    expect((await statement()).onaccount).toBe(1180);
    const pdf = await api.post('/api/gst/statement', { clientname: BUYER.clientname, from: '2026-11-01', to: '2026-11-30', format: 'pdf' });
    const printed = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(printed).toMatch(/26-11-2026 Advance Receipt RV\/1 1,180.00 7,670.00 30-11-2026 Closing balance ₹ 7,670.00/);
    expect(printed).toContain('Less on account (received, not yet put on any bill): ₹ 1,180.00');
    const before = jsonOf(await api.post('/api/gst/receivables', { asof: '2026-11-25' })).clients;
    expect(before).toEqual([expect.objectContaining({ outstanding: 8850, onaccount: 0 })]);

    // Paid in advance with nothing billed: 1 no x 500 at 18% = 590.00 on account, a credit of 590 on the statement.
    const advance = { ...BUYER, clientname: 'Kaveri Agro Industries', date: '2026-11-27', product: pump('1', '500', '500.00') };
    expect((await api.save(api.registry.byType('advancereceipt')!, 2, advance)).statusCode).toBe(200);
    const ahead = jsonOf(await api.post('/api/gst/statement', { clientname: advance.clientname, from: '2026-11-01', to: '2026-11-30' }));
    expect(ahead).toMatchObject({ opening: 0, closing: -590, onaccount: 590, ageing: { notdue: 0, d1_30: 0 } });
    expect(ahead.lines.map((line: Json) => [line.number, line.credit, line.balance])).toEqual([['RV/2', 590, -590]]);
    expect((await owing()).map((client: Json) => client.clientname)).toEqual([BUYER.clientname]);

    expect((await api.post('/api/common/deletebill', { billtype: 'advancereceipt', billno: 1 })).statusCode).toBe(200);
    expect(await owing()).toEqual([expect.objectContaining({ outstanding: 8850, onaccount: 0 })]);
    expect((await statement()).closing).toBe(8850);
    expect((await statement()).onaccount).toBe(0);
  });
});
