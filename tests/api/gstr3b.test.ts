import { expect, it } from 'vitest';
import { gstProfile } from '../fixtures/profile';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

const KAVERI = { clientname: 'Kaveri Agro Industries', clientaddress: 'Hosur Road, Bengaluru 560068', gstno: '29AAGCB7383J1Z4' };

const line = (srno: number, goods: string, hsn: string, taxrate: string, qty: string, rate: string, amount: string) => ({
  srno, goods, hsn, taxrate, qty, rate, per: 'no', amount,
});

/**
 * November 2026, worked out by hand; the seller (gstProfile) is in Maharashtra (27).
 * - Tax Invoice 1 (B2B) to Kaveri Agro, Karnataka (29): 2 no x 10,000 = 20,000.00 at 18%, IGST 3,600.00, and a
 *   nil-rated line of 1 no x 500 = 500.00 at 0%.
 * - Walk-in Tax Invoice B/1 (B2C inside the state, 27): 1 no x 5,000 at 18%, CGST 450.00 + SGST 450.00.
 * - Walk-in Tax Invoice B/2 (B2C outside the state, Gujarat 24, under the B2CL limit): 1 no x 10,000 at 12%,
 *   IGST 1,200.00.
 * - Credit Note CN/1 against Tax Invoice 1: 1 no x 10,000 at 18%, IGST 1,800.00.
 * 3.1(a): taxable 20,000 + 5,000 + 10,000 - 10,000 = 25,000.00; IGST 3,600 + 1,200 - 1,800 = 3,000.00; CGST 450.00;
 * SGST 450.00. 3.1(c) nil-rated: 500.00. 3.2 unregistered: Gujarat (24), 10,000.00 with IGST 1,200.00.
 * A December invoice is no part of November's return.
 */
async function seed(api: Api) {
  const ok = async (answer: Promise<{ statusCode: number; body: string }>) => {
    const response = await answer;
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  };
  await ok(api.post('/api/gst/saveprofile', gstProfile()));
  const taxinvoice = api.registry.byType('taxinvoice')!;
  const walkIn = api.registry.byType('b2cinvoice')!;
  await ok(api.save(taxinvoice, 1, {
    ...KAVERI, date: '2026-11-05',
    product: [line(1, 'Fuel injection pump', '8413', '18', '2', '10000', '20000.00'), line(2, 'Fresh milk', '0401', '0', '1', '500', '500.00')],
  }));
  await ok(api.save(walkIn, 1, { clientname: 'Ramesh Patil', clientaddress: 'Chakan, Pune', placeofsupply: '27', date: '2026-11-10', product: [line(1, 'Nozzle', '8409', '18', '1', '5000', '5000.00')] }));
  await ok(api.save(walkIn, 2, { clientname: 'Bhavesh Shah', clientaddress: 'Vapi, Gujarat', placeofsupply: '24', date: '2026-11-12', product: [line(1, 'Filter', '8421', '12', '1', '10000', '10000.00')] }));
  await ok(api.post('/api/gst/createtaxbill', {
    method: 'create', type: 'creditnote', invoiceno: 1, date: '2026-11-20', reason: 'Sales Return',
    clientname: KAVERI.clientname, clientaddress: '', gstno: '', placeofsupply: '29', against: { billtype: 'taxinvoice', billno: 1 },
    product: [line(1, 'Fuel injection pump', '8413', '18', '1', '10000', '10000.00')],
  }));
  await ok(api.save(taxinvoice, 2, { ...KAVERI, date: '2026-12-01', product: [line(1, 'Fuel injection pump', '8413', '18', '1', '99999', '99999.00')] }));
}

const ZERO_ROW = { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 };

/** GSTR-1's figures summed section by section here, as the accountant would add them up: a credit note subtracts. */
function gstr1Sum(gstr1: Body) {
  const items: { sign: number; item: Body }[] = [];
  for (const buyer of gstr1.b2b as Body[]) for (const inv of buyer.inv as Body[]) for (const itm of inv.itms as Body[]) items.push({ sign: 1, item: itm.itm_det as Body });
  for (const place of gstr1.b2cl as Body[]) for (const inv of place.inv as Body[]) for (const itm of inv.itms as Body[]) items.push({ sign: 1, item: itm.itm_det as Body });
  for (const row of gstr1.b2cs as Body[]) items.push({ sign: 1, item: row });
  for (const buyer of (gstr1.cdnr ?? []) as Body[]) for (const nt of buyer.nt as Body[]) for (const itm of nt.itms as Body[]) items.push({ sign: nt.ntty === 'C' ? -1 : 1, item: itm.itm_det as Body });
  const paise = (key: string) => items.reduce((sum, { sign, item }) => sum + sign * Math.round(Number(item[key] ?? 0) * 100), 0) / 100;
  return { txval: paise('txval'), iamt: paise('iamt'), camt: paise('camt'), samt: paise('samt') };
}

describeEachDatabase('GSTR-3B outward supplies (issue 49)', (database) => {
  const api = useApi(database);

  it('answers Tables 3.1 and 3.2 of a month in the portal\'s names, net of the credit note, with the nil-rated line apart', async () => {
    await seed(api);
    const answer = await api.post('/api/gst/gstr3b', { period: '112026' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(jsonOf(answer)).toEqual({
      gstin: '27AAPFU0939F1ZV',
      ret_period: '112026',
      sup_details: {
        osup_det: { txval: 25000, iamt: 3000, camt: 450, samt: 450, csamt: 0 },
        osup_zero: ZERO_ROW,
        osup_nil_exmp: { ...ZERO_ROW, txval: 500 },
        isup_rev: ZERO_ROW,
        osup_nongst: ZERO_ROW,
      },
      inter_sup: { unreg_details: [{ pos: '24', txval: 10000, iamt: 1200 }], comp_details: [], uin_details: [] },
    });
    // The month may be written as the calendar does too.
    expect(jsonOf(await api.post('/api/gst/gstr3b', { period: '2026-11' }))).toEqual(jsonOf(answer));
  });

  it('has the same totals as the month\'s GSTR-1', async () => {
    const gstr1 = jsonOf(await api.post('/api/gst/gstr1', { fp: '112026' }));
    const { sup_details: supplies } = jsonOf(await api.post('/api/gst/gstr3b', { period: '112026' }));
    const sum = gstr1Sum(gstr1);
    expect(sum).toEqual({ txval: 25500, iamt: 3000, camt: 450, samt: 450 });
    expect({
      txval: supplies.osup_det.txval + supplies.osup_nil_exmp.txval,
      iamt: supplies.osup_det.iamt,
      camt: supplies.osup_det.camt,
      samt: supplies.osup_det.samt,
    }).toEqual(sum);
    // December has only its own invoice: 99,999 at 18% to Karnataka, IGST 17,999.82.
    const december = jsonOf(await api.post('/api/gst/gstr3b', { period: '122026' }));
    expect(december.sup_details.osup_det).toEqual({ txval: 99999, iamt: 17999.82, camt: 0, samt: 0, csamt: 0 });
    expect(december.inter_sup.unreg_details).toEqual([]);
  });

  it('refuses a period that is not a month with 400 { msg }', async () => {
    const msg = 'Please provide period as the return month, MMYYYY (112026 for November 2026) or 2026-11.';
    for (const body of [{}, { period: '132026' }, { period: 112026 }, { period: '2026-13' }, { period: 'November' }]) {
      const answer = await api.post('/api/gst/gstr3b', body);
      expect({ status: answer.statusCode, msg: jsonOf(answer).msg }, JSON.stringify(body)).toEqual({ status: 400, msg });
    }
  });
});
