import { expect, it } from 'vitest';
import { gstProfile } from '../fixtures/profile';
import { pdfText, squash } from '../pdf/pdf-tools';
import { loadRegistry } from '../../src/server/schema-files';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

type Json = any;

/** A buyer in Maharashtra (27), the seller's state (gstProfile): CGST + SGST. */
const BUYER = { clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208', gstno: '27AAPFU0939F1ZV' };
const pump = { srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: '2', rate: '1000', per: 'no', amount: '2000' };
const nozzle = { srno: 2, goods: 'Nozzle', hsn: '8409', taxrate: '12', qty: '3', rate: '500', per: 'no', amount: '1500' };

/**
 * Worked out by hand (issue 50 item 12, Section 15(3)(a): the taxable value is net of a discount before tax):
 * - Pump: 2 x 1,000.00 = 2,000.00 less 10% (200.00) = 1,800.00 at 18%: CGST 162.00 + SGST 162.00.
 * - Nozzle: 3 x 500.00 = 1,500.00 less 150.00 = 1,350.00 at 12%: CGST 81.00 + SGST 81.00.
 * Taxable 3,150.00, CGST 243.00, SGST 243.00, grand total 3,636.00 (no round-off).
 */
const DISCOUNTED = [
  { ...pump, discount: '10%', amount: '1800' },
  { ...nozzle, discount: '150', amount: '1350' },
];
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };
/** By road, for the e-way bill. */
const ROAD = { transmode: 'Road', transdistance: '30', vehicleno: 'MH04AB1234' };

async function profileWithPlaces(api: Api) {
  expect((await api.post('/api/gst/saveprofile', gstProfile())).statusCode).toBe(200);
  const list = jsonOf(await api.get('/api/common/getclient')).clientList as Body[];
  const { billCount: _count, ...buyer } = list.find((c) => c.clientname === BUYER.clientname)!;
  expect((await api.post('/api/common/saveclient', { ...buyer, place: 'Navi Mumbai', pincode: '410208' })).statusCode).toBe(200);
}

describeEachDatabase('a discount on each goods line, before tax (issue 50 item 12)', (database) => {
  const api = useApi(database, loadRegistry(), { today: () => '2026-11-29' });
  const taxInvoice = () => api.registry.byType('taxinvoice')!;
  const stored = async (billtype: string, billno: number, unit = 'gst') =>
    jsonOf(await api.post(`/api/${unit}/getbill`, { billtype, billno })).bill;

  it('stores the net amounts and reports them net in the register, GSTR-1, the e-invoice, the e-way bill and Tally', async () => {
    const saved = await api.save(taxInvoice(), 7, { ...BUYER, ...ROAD, date: '2026-11-21', product: DISCOUNTED });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    expect((await stored('taxinvoice', 7)).product.map((row: Json) => [row.discount, row.amount])).toEqual([
      ['10%', 1800],
      ['150', 1350],
    ]);

    const register = jsonOf(await api.post('/api/gst/salesregister', NOVEMBER));
    expect(register.rows.map((row: Json) => [row.billno, row.taxable, row.cgst, row.sgst, row.igst, row.total])).toEqual([
      [7, 3150, 243, 243, 0, 3636],
    ]);

    await profileWithPlaces(api);
    const gstr1 = jsonOf(await api.post('/api/gst/gstr1', { fp: '112026' }));
    const [invoice] = gstr1.b2b[0].inv;
    expect(invoice.val).toBe(3636);
    expect(invoice.itms.map((item: Json) => item.itm_det)).toEqual([
      { rt: 12, txval: 1350, iamt: 0, camt: 81, samt: 81, csamt: 0 },
      { rt: 18, txval: 1800, iamt: 0, camt: 162, samt: 162, csamt: 0 },
    ]);

    const einvoice = jsonOf(await api.post('/api/gst/einvoice', { billtype: 'taxinvoice', billno: 7 }));
    expect(
      einvoice.ItemList.map((item: Json) => [item.Qty, item.UnitPrice, item.TotAmt, item.Discount, item.AssAmt, item.CgstAmt, item.SgstAmt, item.TotItemVal]),
    ).toEqual([
      [2, 1000, 2000, 200, 1800, 162, 162, 2124],
      [3, 500, 1500, 150, 1350, 81, 81, 1512],
    ]);
    expect(einvoice.ValDtls).toMatchObject({ AssVal: 3150, CgstVal: 243, SgstVal: 243, IgstVal: 0, TotInvVal: 3636 });

    const ewayAnswer = await api.post('/api/gst/ewaybill', { bills: [{ billtype: 'taxinvoice', billno: 7 }] });
    expect(ewayAnswer.statusCode, ewayAnswer.body).toBe(200);
    const ewayBill = jsonOf(ewayAnswer);
    expect(ewayBill.billLists[0].itemList.map((item: Json) => item.taxableAmount)).toEqual([1800, 1350]);
    expect(ewayBill.billLists[0]).toMatchObject({ totalValue: 3150, cgstValue: 243, sgstValue: 243, totInvValue: 3636 });

    const tally = (await api.post('/api/gst/tallyexport', NOVEMBER)).body;
    expect(tally).toMatch(/<LEDGERNAME>Sales @18%<\/LEDGERNAME>[\s\S]*?<AMOUNT>1800.00<\/AMOUNT>/);
    expect(tally).toMatch(/<LEDGERNAME>Sales @12%<\/LEDGERNAME>[\s\S]*?<AMOUNT>1350.00<\/AMOUNT>/);
  });

  it('prints the discount and the net amount, and a bill without one prints no discount column', async () => {
    const discounted = squash(await pdfText((await api.save(taxInvoice(), 8, { ...BUYER, date: '2026-11-22', product: DISCOUNTED })).rawPayload));
    expect(discounted).toContain('Disc.');
    expect(discounted).toMatch(/Fuel injection pump 8413 18% 2 1,000.00 Nos 10% 1,800.00/);
    expect(discounted).toMatch(/Nozzle 8409 12% 3 500.00 Nos 150.00 1,350.00/);
    const plain = squash(await pdfText((await api.save(taxInvoice(), 9, { ...BUYER, date: '2026-11-22', product: [pump] })).rawPayload));
    expect(plain).not.toContain('Disc.');
  });

  it('takes a discount on the plain goods invoice too, and an amount sent as a JSON number', async () => {
    const invoice = api.registry.byType('invoice')!;
    const saved = await api.save(invoice, 3, { date: '2026-11-21', product: [{ srno: 1, goods: 'Filter', qty: '4', rate: '250', per: 'no', discount: 100, amount: '900' }] });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    expect((await stored('invoice', 3, 'alfadiesel')).product[0]).toMatchObject({ discount: '100', amount: 900 });
  });

  it('refuses a discount that is not a percent or an amount, or takes off more than the line, and stores nothing', async () => {
    const message = 'Please write the discount at Sr. No. 2 as a percent (10%) or an amount (150), at most QTY x Rate.';
    for (const discount of ['ten', '-5', '10%%', '1501', '101%', '12.345']) {
      const refused = await api.save(taxInvoice(), 20, { ...BUYER, date: '2026-11-21', product: [pump, { ...nozzle, discount }] });
      expect({ status: refused.statusCode, body: jsonOf(refused) }, discount).toEqual({ status: 400, body: { msg: message } });
    }
    expect((await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 20 })).statusCode).toBe(404);
  });
});
