import { beforeAll, expect, it } from 'vitest';
import { pdfText } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, SETUP_TIMEOUT, useApi, type Api } from './harness';

const KARNATAKA_ADDRESS = 'No. 4, APMC Yard, Hubballi, Karnataka 580025';

/** A goods line of a walk-in tax invoice (b2cinvoice). */
const goods = (goodsName: string, hsn: string, qty: string, rate: string, per: string, amount: string) => ({
  srno: 1, goods: goodsName, hsn, taxrate: '18', qty, rate, per, amount,
});
/** A repair on a walk-in service bill (b2cservice). */
const repair = (amount: string) => ({
  srno: 1,
  productname: 'Tractor fuel pump',
  service: [{ servicename: 'Injector overhaul', servicedesc: '', hsn: '998714', taxrate: '18', rate: amount, amount }],
});

/**
 * Walk-in (unregistered) buyers, worked out by hand. The seller is in Maharashtra (27); every rate is 18%.
 * - B/1, 10-11-2026, place of supply 27: Fuel filter 1 Pcs x 10.05 (8413), Gasket 1 no x 10.05 (8409), Diesel
 *   additive 2.5 Ltr x 100 = 250 (8413). Taxable 270.10. CGST once on the rate: 270.10 x 9% = 24.309 -> 24.31,
 *   SGST 24.31 (line by line it would be 0.90 + 0.90 + 22.50 = 24.30). 318.72 -> 319, round off 0.28.
 * - B/2, 12-11-2026, to Karnataka (29): Fuel injection pump 10 no x 10,000.10 = 1,00,001.00, IGST 18,000.18,
 *   1,18,001.18 -> 1,18,001: inter-state and above ₹1,00,000, so b2cl.
 * - BS/1, 14-11-2026, repair within the state: 1,500, CGST 135 + SGST 135 = 1,770.
 * - BS/2, 15-11-2026, repair for a Karnataka buyer: 2,000, IGST 360 = 2,360: inter-state but small, so b2cs.
 * - B/3, 15-07-2024, to Karnataka: 1,50,000, IGST 27,000 = 1,77,000: under that date's limit of ₹2,50,000, so b2cs.
 */
async function seed(api: Api) {
  const type = (name: string) => api.registry.byType(name)!;
  const ok = async (promise: ReturnType<Api['save']>) => {
    const answer = await promise;
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  };
  const walkIn = { clientname: 'Ramesh Patil', clientaddress: '', placeofsupply: '27' };
  const karnataka = { clientname: 'Basavaraj Farms', clientaddress: KARNATAKA_ADDRESS, placeofsupply: '29' };
  await ok(api.save(type('b2cinvoice'), 1, {
    ...walkIn,
    date: '2026-11-10',
    product: [
      goods('Fuel filter', '8413', '1', '10.05', 'pcs', '10.05'),
      goods('Gasket', '8409', '1', '10.05', 'no', '10.05'),
      goods('Diesel additive', '8413', '2.5', '100', 'ltr', '250.00'),
    ],
  }));
  await ok(api.save(type('b2cinvoice'), 2, {
    ...karnataka,
    date: '2026-11-12',
    product: [goods('Fuel injection pump', '8413', '10', '10000.10', 'no', '100001.00')],
  }));
  await ok(api.save(type('b2cservice'), 1, { ...walkIn, date: '2026-11-14', product: [repair('1500')] }));
  await ok(api.save(type('b2cservice'), 2, { ...karnataka, date: '2026-11-15', product: [repair('2000')] }));
  await ok(api.save(type('b2cinvoice'), 3, {
    ...karnataka,
    date: '2024-07-15',
    product: [goods('Fuel injection pump', '8413', '1', '150000', 'no', '150000.00')],
  }));
}

describeEachDatabase('bills to walk-in (unregistered) buyers on the GST unit (issue 26)', (database) => {
  const api = useApi(database);
  const gstr1Of = async (fp: string) => {
    const answer = await api.post('/api/gst/gstr1', { fp });
    expect(answer.statusCode).toBe(200);
    return jsonOf(answer);
  };
  const pdfOf = async (billtype: string, billno: number) =>
    pdfText((await api.post('/api/common/showpdf', { billtype, billno })).rawPayload);
  let gstr1: any;
  beforeAll(async () => {
    await seed(api);
    gstr1 = await gstr1Of('112026');
  }, SETUP_TIMEOUT);

  it('reports the inter-state sale above ₹1,00,000 invoice by invoice in b2cl, under its printed number', () => {
    expect(gstr1.b2b).toEqual([]);
    expect(gstr1.b2cl).toEqual([
      {
        pos: '29',
        inv: [{ inum: 'B/2', idt: '12-11-2026', val: 118001, itms: [{ num: 1, itm_det: { txval: 100001, rt: 18, iamt: 18000.18, csamt: 0 } }] }],
      },
    ]);
  });

  it('sums the rest in b2cs by place of supply and rate, tax once per rate of each bill', () => {
    expect(gstr1.b2cs).toEqual([
      { sply_ty: 'INTRA', rt: 18, typ: 'OE', pos: '27', txval: 1770.1, camt: 159.31, samt: 159.31, csamt: 0 },
      { sply_ty: 'INTER', rt: 18, typ: 'OE', pos: '29', txval: 2000, iamt: 360, csamt: 0 },
    ]);
  });

  it('gives hsn_b2c one row per HSN, rate and UQC, each row\'s tax on its own taxable value', () => {
    expect(gstr1.hsn.hsn_b2b).toEqual([]);
    const row = (num: number, hsn_sc: string, desc: string, uqc: string, qty: number, txval: number, tax: object) => ({
      num, hsn_sc, desc, uqc, qty, rt: 18, txval, iamt: 0, camt: 0, samt: 0, ...tax, csamt: 0,
    });
    expect(gstr1.hsn.hsn_b2c).toEqual([
      row(1, '8409', 'Gasket', 'NOS', 1, 10.05, { camt: 0.9, samt: 0.9 }),
      row(2, '8413', 'Diesel additive', 'LTR', 2.5, 250, { camt: 22.5, samt: 22.5 }),
      row(3, '8413', 'Fuel injection pump', 'NOS', 10, 100001, { iamt: 18000.18 }),
      row(4, '8413', 'Fuel filter', 'PCS', 1, 10.05, { camt: 0.9, samt: 0.9 }),
      row(5, '998714', 'Injector overhaul', 'NA', 0, 3500, { iamt: 360, camt: 135, samt: 135 }),
    ]);
    expect(gstr1.doc_issue.doc_det[0].docs.map((doc: { from: string; to: string }) => `${doc.from}..${doc.to}`)).toEqual(['B/1..B/2', 'BS/1..BS/2']);
  });

  it('keeps the ₹2,50,000 B2CL limit for invoices before August 2024, and hsn.data for returns before May 2025', async () => {
    const july2024 = await gstr1Of('072024');
    expect(july2024.b2cl).toEqual([]);
    expect(july2024.b2cs).toEqual([{ sply_ty: 'INTER', rt: 18, typ: 'OE', pos: '29', txval: 150000, iamt: 27000, csamt: 0 }]);
    expect(Object.keys(july2024.hsn)).toEqual(['data']);
    expect(july2024.hsn.data).toEqual([
      { num: 1, hsn_sc: '8413', desc: 'Fuel injection pump', uqc: 'NOS', qty: 1, rt: 18, txval: 150000, iamt: 27000, camt: 0, samt: 0, csamt: 0 },
    ]);
  });

  it('stores the figures the PDF prints: CGST once on the rate (24.31, not 24.30 line by line)', async () => {
    const register = jsonOf(await api.post('/api/gst/salesregister', { from: '2026-11-10', to: '2026-11-10' }));
    expect(register.rows).toEqual([
      expect.objectContaining({ taxable: 270.1, cgst: 24.31, sgst: 24.31, igst: 0, roundoff: 0.28, total: 319 }),
    ]);
    const printed = await pdfOf('b2cinvoice', 1);
    expect(printed).toContain('Place of Supply: Maharashtra (27)');
    expect(printed).toMatch(/CGST @ 9%\s+24\.31/);
    expect(printed).toMatch(/SGST @ 9%\s+24\.31/);
    // Each unit printed by name; the HSN summary keeps Pcs and Ltr of 8413 apart, each with its own tax.
    expect(printed).toMatch(/Fuel filter[^\n]*\sPcs\s/);
    expect(printed).toMatch(/Diesel additive[^\n]*\sLtr\s/);
    expect(printed).toMatch(/8413 \(1 PCS\)\s+10\.05\s+9%\s+0\.90\s+9%\s+0\.90\s+1\.80/);
    expect(printed).toMatch(/8413 \(2\.5 LTR\)\s+250\.00\s+9%\s+22\.50\s+9%\s+22\.50\s+45\.00/);
    // Below ₹50,000 the buyer block needs no address and no state line: the seller's letterhead has the only one.
    expect(printed.match(/State Name:/g)).toHaveLength(1);
    expect(printed.match(/GSTIN\/UIN:/g)).toHaveLength(1);
  });

  it('lists them in the register (CSV) by printed number, with "Unregistered" in place of a GSTIN', async () => {
    const answer = await api.post('/api/gst/salesregister', { from: '2026-11-10', to: '2026-11-15', format: 'csv' });
    const lines = answer.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    // The last line is the audit chain's head when the file was made (issue 45).
    expect(lines.pop()).toMatch(/^Audit chain head: \d+:[0-9a-f]{64}$/);
    expect(lines).toEqual([
      'Bill Type,Bill No.,Date,Client Company Name,Client GSTIN/UIN,Taxable Value,CGST,SGST,IGST,Round Off,Total',
      'Walk-in Tax Invoice Bill,B/1,2026-11-10,Ramesh Patil,Unregistered,270.10,24.31,24.31,0.00,0.28,319.00',
      'Walk-in Tax Invoice Bill,B/2,2026-11-12,Basavaraj Farms,Unregistered,100001.00,0.00,0.00,18000.18,-0.18,118001.00',
      'Walk-in Tax Service Bill,BS/1,2026-11-14,Ramesh Patil,Unregistered,1500.00,135.00,135.00,0.00,0.00,1770.00',
      'Walk-in Tax Service Bill,BS/2,2026-11-15,Basavaraj Farms,Unregistered,2000.00,0.00,0.00,360.00,0.00,2360.00',
      'Total,,,,,103771.10,159.31,159.31,18360.18,0.10,122450.00',
    ]);
  });

  it('prints the buyer\'s name, address and state with its code from ₹50,000, and IGST to another state', async () => {
    const printed = await pdfOf('b2cinvoice', 2);
    expect(printed).toContain('Basavaraj Farms');
    expect(printed).toContain(KARNATAKA_ADDRESS);
    expect(printed).toContain('State Name: Karnataka, Code: 29');
    expect(printed.match(/State Name:/g)).toHaveLength(2);
    expect(printed).toContain('Place of Supply: Karnataka (29)');
    expect(printed).toMatch(/IGST @ 18%\s+18,000\.18/);
    expect(printed).toContain('Invoice No. B/2');
  });

  it('refuses a bill of ₹50,000 or more without the buyer\'s address, and a place of supply that is no state', async () => {
    const type = api.registry.byType('b2cinvoice')!;
    const big = { clientname: 'Basavaraj Farms', placeofsupply: '29', clientaddress: '  ', product: [goods('Fuel injection pump', '8413', '1', '50000', 'no', '50000.00')] };
    const noAddress = await api.save(type, 10, big);
    expect(noAddress.statusCode).toBe(400);
    expect(jsonOf(noAddress).msg).toBe(
      "Please provide your client company address: a bill of ₹50,000 or more to a buyer without a GSTIN shows the buyer's address (CGST Rule 46).",
    );
    const small = await api.save(type, 10, { ...big, product: [goods('Fuel injection pump', '8413', '1', '42000', 'no', '42000.00')] });
    expect(small.statusCode).toBe(200);
    const nowhere = await api.save(type, 11, { ...big, clientaddress: KARNATAKA_ADDRESS, placeofsupply: '42' });
    expect(jsonOf(nowhere)).toEqual({ msg: 'Place of supply 42 is not a GST state code.' });
    const missing = await api.save(type, 11, { ...big, clientaddress: KARNATAKA_ADDRESS, placeofsupply: '' });
    expect(jsonOf(missing)).toEqual({ msg: "Please provide the place of supply (the buyer's state)." });
  });

  it('prints a service bill in duplicate: the second copy is the supplier\'s', async () => {
    const answer = await api.post('/api/common/showpdf', { billtype: 'b2cservice', billno: 1, copies: 2 });
    const pages = pdfText(answer.rawPayload).split('\f');
    expect(pages[0]).toContain('ORIGINAL FOR RECIPIENT');
    expect(pages[1]).toContain('DUPLICATE FOR SUPPLIER');
    expect(answer.headers['content-disposition']).toContain('filename="BS_1-Ramesh Patil.pdf"');
  });
});
