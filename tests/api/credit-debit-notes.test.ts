import { expect, it } from 'vitest';
import { pdfText, squash } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api } from './harness';

const MAHARASHTRA_BUYER = { clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208', gstno: '27AAPFU0939F1ZV' };
const KARNATAKA_BUYER = { clientname: 'Kaveri Earthmovers', clientaddress: 'No. 4, APMC Yard, Hubballi, Karnataka 580025', gstno: '29AABCK5678L1ZU' };

const line = (srno: number, goods: string, hsn: string, taxrate: string, qty: string, rate: string, amount: string) => ({
  srno, goods, hsn, taxrate, qty, rate, per: 'no', amount,
});

/**
 * Worked out by hand; the seller is in Maharashtra (27).
 * - Tax Invoice No. 5, 21-11-2026, to a Maharashtra buyer: 4 no x 2,500 = 10,000.00 at 18% and 10 no x 100 =
 *   1,000.00 at 12%. Taxable 11,000.00; CGST 900 + 60 = 960, SGST 960; total 12,920.00.
 * - Tax Invoice No. 6, 22-11-2026, to a Karnataka buyer: 2 no x 5,000 = 10,000.00 at 18%, IGST 1,800; 11,800.00.
 * - Credit Note CN/1 against No. 5, Sales Return: 1 no x 2,500 at 18%: CGST 225 + SGST 225 = 2,950.00. Left to
 *   credit at 18%: 10,000 - 2,500 = 7,500.00; at 12%: 1,000.00.
 * - Debit Note DN/1 against No. 6: 1 no x 1,000 at 18%, typed as if within Maharashtra: IGST 180 = 1,180.00.
 */
function note(type: string, billno: number, against: Record<string, unknown>, product: unknown[], overrides: Record<string, unknown> = {}) {
  return {
    method: 'create', type, invoiceno: billno, date: '2026-11-25', reason: type === 'creditnote' ? 'Sales Return' : 'Others',
    clientname: MAHARASHTRA_BUYER.clientname, clientaddress: '', gstno: '', placeofsupply: '27', against, product, ...overrides,
  };
}

async function seed(api: Api) {
  const invoice = api.registry.byType('taxinvoice')!;
  for (const [billno, overrides] of [
    [5, { ...MAHARASHTRA_BUYER, date: '2026-11-21', product: [line(1, 'Fuel injection pump', '8413', '18', '4', '2500', '10000.00'), line(2, 'Nozzle', '8409', '12', '10', '100', '1000.00')] }],
    [6, { ...KARNATAKA_BUYER, date: '2026-11-22', product: [line(1, 'Fuel injection pump', '8413', '18', '2', '5000', '10000.00')] }],
    [7, { ...MAHARASHTRA_BUYER, date: '2026-11-22' }],
  ] as const) {
    const answer = await api.save(invoice, billno, overrides);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  }
  await api.post('/api/common/deletebill', { billtype: 'taxinvoice', billno: 7 });
  const quotation = await api.save(api.registry.byType('taxquotation')!, 1, MAHARASHTRA_BUYER);
  expect(quotation.statusCode).toBe(200);
}

describeEachDatabase('credit and debit notes', (database) => {
  const api = useApi(database);
  const figures = async (type: string, billno: number) =>
    api.storage.database.db.selectFrom('bills').select(['taxable', 'cgst', 'sgst', 'igst', 'grand_total', 'client_gstin', 'place_of_supply'])
      .where('type', '=', type).where('billno', '=', billno).executeTakeFirstOrThrow();
  const refusal = async (body: Record<string, unknown>) => {
    const answer = await api.post('/api/gst/createtaxbill', body);
    expect(answer.statusCode, answer.body).toBe(400);
    return jsonOf(answer).msg as string;
  };

  it('issues a partial sales return against an intra-state invoice, linked both ways', async () => {
    await seed(api);
    const created = await api.post('/api/gst/createtaxbill', note('creditnote', 1, { billtype: 'taxinvoice', billno: 5 }, [line(1, 'Fuel injection pump', '8413', '18', '1', '2500', '2500.00')]));
    expect(created.statusCode, created.body.slice(0, 300)).toBe(200);
    expect(await figures('creditnote', 1)).toMatchObject({ client_gstin: '27AAPFU0939F1ZV', place_of_supply: '27' });
    const stored = await figures('creditnote', 1);
    expect([stored.taxable, stored.cgst, stored.sgst, stored.igst, stored.grand_total].map(Number)).toEqual([250000, 22500, 22500, 0, 295000]);

    const original = jsonOf(await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 5 })).bill;
    expect(original.notes).toEqual([{ billtype: 'creditnote', billno: 1, fy: '2026-27', printedno: 'CN/1', date: '2026-11-25', total: 2950 }]);
    const creditNote = jsonOf(await api.post('/api/gst/getbill', { billtype: 'creditnote', billno: 1 })).bill;
    expect(creditNote).toMatchObject({
      against: { billtype: 'taxinvoice', billno: 5, fy: '2026-27' },
      reason: 'Sales Return',
      clientaddress: MAHARASHTRA_BUYER.clientaddress,
      gstno: MAHARASHTRA_BUYER.gstno,
      printedno: 'CN/1',
    });
  });

  it('splits a debit note by the original place of supply (IGST to Karnataka), whatever is typed', async () => {
    const created = await api.post('/api/gst/createtaxbill', note('debitnote', 1, { billtype: 'taxinvoice', billno: 6, fy: '2026-27' }, [line(1, 'Fuel injection pump', '8413', '18', '1', '1000', '1000.00')], { clientname: 'KAVERI EARTHMOVERS' }));
    expect(created.statusCode, created.body.slice(0, 300)).toBe(200);
    const stored = await figures('debitnote', 1);
    expect([stored.taxable, stored.cgst, stored.sgst, stored.igst, stored.grand_total].map(Number)).toEqual([100000, 0, 0, 18000, 118000]);
    expect(stored).toMatchObject({ client_gstin: KARNATAKA_BUYER.gstno, place_of_supply: '29' });
    const debitNote = jsonOf(await api.post('/api/gst/getbill', { billtype: 'debitnote', billno: 1 })).bill;
    expect(debitNote).toMatchObject({ clientname: KARNATAKA_BUYER.clientname, printedno: 'DN/1', against: { billtype: 'taxinvoice', billno: 6 } });
  });

  it('never credits more taxable value at a rate than is left, naming the limit', async () => {
    const msg = await refusal(note('creditnote', 2, { billtype: 'taxinvoice', billno: 5 }, [line(1, 'Nozzle', '8409', '12', '20', '100', '2000.00')]));
    expect(msg).toBe('A credit note may not take Tax Invoice Bill No. 5 below zero: at 12% at most ₹1,000.00 of taxable value is left to credit, and this note credits ₹2,000.00.');
    const otherRate = await refusal(note('creditnote', 2, { billtype: 'taxinvoice', billno: 5 }, [line(1, 'Filter', '8421', '28', '1', '10', '10.00')]));
    expect(otherRate).toContain('at 28% at most ₹0.00 of taxable value is left to credit');
    expect(Number((await api.storage.database.db.selectFrom('bills').select((eb) => eb.fn.countAll().as('n')).where('type', '=', 'creditnote').executeTakeFirstOrThrow()).n)).toBe(1);
  });

  it('lets one of two credit notes racing for the last 7,500.00 at 18% win', async () => {
    const last = [line(1, 'Fuel injection pump', '8413', '18', '3', '2500', '7500.00')];
    const answers = await Promise.all([2, 3].map((billno) => api.post('/api/gst/createtaxbill', note('creditnote', billno, { billtype: 'taxinvoice', billno: 5 }, last))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(jsonOf(answers.find((a) => a.statusCode === 400)!).msg).toContain('at 18% at most ₹0.00 of taxable value is left to credit, and this note credits ₹7,500.00.');
    const original = jsonOf(await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 5 })).bill;
    expect(original.notes.map((n: any) => n.total)).toEqual([2950, 8850]);
  });

  it('refuses a missing or unknown original, a quotation, a cancelled bill and another client\'s bill with 400 {msg}', async () => {
    const lines = [line(1, 'Fuel injection pump', '8413', '18', '1', '10', '10.00')];
    expect(await refusal(note('creditnote', 9, undefined as never, lines))).toBe('Please provide the bill this Credit Note corrects: against {billtype, billno}.');
    expect(await refusal(note('creditnote', 9, 'No. 5' as never, lines))).toBe('against must be an object {billtype, billno}: the bill the note corrects.');
    expect(await refusal(note('creditnote', 9, { billtype: 'taxinvoice', billno: 99 }, lines))).toBe('Tax Invoice Bill No. 99 not found.');
    expect(await refusal(note('creditnote', 9, { billtype: 'taxquotation', billno: 1 }, lines))).toMatch(/^A Credit Note corrects a Tax Invoice Bill, .*; not a Tax Quotation Bill\.$/);
    expect(await refusal(note('creditnote', 9, { billtype: 'taxinvoice', billno: 7 }, lines))).toBe('Tax Invoice Bill No. 7 was cancelled: a note cannot correct it.');
    expect(await refusal(note('creditnote', 9, { billtype: 'taxinvoice', billno: 6 }, lines))).toBe(
      'Tax Invoice Bill No. 6 is a bill of Kaveri Earthmovers, not of Shree Ganesh Transport: a note corrects a bill of its own client.',
    );
    expect(await refusal(note('creditnote', 9, { billtype: 'taxinvoice', billno: 5 }, lines, { reason: 'Goodwill' }))).toBeTruthy();
    expect(await refusal(note('creditnote', 9, { billtype: 'taxinvoice', billno: 5 }, lines, { date: '2026-11-20' }))).toBe(
      'A Credit Note cannot be dated before the bill it corrects (Tax Invoice Bill No. 5 of 2026-11-21).',
    );
    const stored = await api.storage.database.db.selectFrom('bills').select('billno').where('type', '=', 'creditnote').where('billno', '=', 9).execute();
    expect(stored).toEqual([]);
  });
});

describeEachDatabase('credit and debit note PDFs (Rule 53(1A))', (database) => {
  const api = useApi(database);

  it('titles the note, names the original with its date, prints the reason, the HSN summary and tax in words', async () => {
    await seed(api);
    const created = await api.post('/api/gst/createtaxbill', note('creditnote', 1, { billtype: 'taxinvoice', billno: 5 }, [line(1, 'Fuel injection pump', '8413', '18', '1', '2500', '2500.00')]));
    expect(created.statusCode, created.body.slice(0, 300)).toBe(200);
    const shown = await api.post('/api/common/showpdf', { billtype: 'creditnote', billno: 1 });
    for (const pdf of [created.rawPayload, shown.rawPayload]) {
      const text = squash(pdfText(pdf));
      expect(text).toContain('CREDIT NOTE');
      expect(text).toContain('Against Tax Invoice No. 5 dated 21-11-2026');
      expect(text).toContain('Credit Note No. CN/1');
      expect(text).toMatch(/Reason .*Sales Return/);
      expect(text).toContain(MAHARASHTRA_BUYER.clientaddress);
      // HSN summary: 8413, taxable 2,500.00, CGST 9% 225.00, SGST 9% 225.00, tax 450.00; tax in words.
      expect(text).toMatch(/8413 2,500\.00 9% 225\.00 9% 225\.00 450\.00/);
      expect(text).toContain('Tax Amount (in words): Four Hundred Fifty Rupees Only');
      expect(text).toContain('2,950.00');
    }
  });

  it('counts the notes in GSTR-1 doc_issue: Debit Note (4) and Credit Note (5) by their own series', async () => {
    const debit = await api.post('/api/gst/createtaxbill', note('debitnote', 1, { billtype: 'taxinvoice', billno: 6 }, [line(1, 'Fuel injection pump', '8413', '18', '1', '1000', '1000.00')], { clientname: KARNATAKA_BUYER.clientname }));
    expect(debit.statusCode, debit.body.slice(0, 300)).toBe(200);
    const gstr1 = jsonOf(await api.post('/api/gst/gstr1', { fp: '112026' }));
    expect(gstr1.doc_issue.doc_det.map((d: any) => d.doc_num)).toEqual([1, 4, 5]);
    expect(gstr1.doc_issue.doc_det.slice(1)).toEqual([
      { doc_num: 4, doc_typ: 'Debit Note', docs: [{ num: 1, from: 'DN/1', to: 'DN/1', totnum: 1, cancel: 0, net_issue: 1 }] },
      { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'CN/1', to: 'CN/1', totnum: 1, cancel: 0, net_issue: 1 }] },
    ]);
  });
});

const WALK_IN = { clientname: 'Ramesh Patil', clientaddress: 'Shop 3, Station Road, Panvel 410206', placeofsupply: '27' };
const KARNATAKA_WALK_IN = { clientname: 'Basavaraj Farms', clientaddress: 'Gokul Road, Hubballi, Karnataka 580030', placeofsupply: '29' };

/**
 * November 2026, worked out by hand (seller in Maharashtra, 27):
 * - Tax Invoice No. 5 (21-11) and No. 6 (22-11) as above: 11,000.00 (CGST 960 + SGST 960) = 12,920.00 and
 *   10,000.00 + IGST 1,800 = 11,800.00.
 * - Walk-in B/1 (23-11, Maharashtra): 1 no x 2,000 at 18%: CGST 180 + SGST 180 = 2,360.00 (b2cs).
 * - Walk-in B/2 (24-11, Karnataka): 2 no x 60,000 = 1,20,000 at 18%: IGST 21,600 = 1,41,600.00, over ₹1,00,000
 *   inter-state: b2cl.
 * - CN/1 (25-11) against No. 5: 1 no x 2,500 at 18%, CGST 225 + SGST 225 = 2,950.00 (cdnr, registered).
 * - DN/1 (25-11) against No. 6: 1 no x 1,000 at 18%, IGST 180 = 1,180.00 (cdnr).
 * - CN/2 (26-11) against B/1: 1 no x 500 at 18%, CGST 45 + SGST 45 = 590.00: netted into b2cs, 2,000 - 500 = 1,500
 *   taxable, CGST = SGST = 180 - 45 = 135.
 * - CN/3 (27-11) against B/2: 1 no x 10,000 at 18%, IGST 1,800 = 11,800.00: cdnur (B2CL).
 * Register totals: taxable 11,000 + 10,000 + 2,000 + 1,20,000 - 2,500 + 1,000 - 500 - 10,000 = 1,31,000;
 * CGST = SGST = 960 + 180 - 225 - 45 = 870; IGST 1,800 + 21,600 + 180 - 1,800 = 21,780; total 1,54,520.
 */
async function seedMonth(api: Api) {
  await seed(api);
  const walkInInvoice = api.registry.byType('b2cinvoice')!;
  for (const [billno, overrides] of [
    [1, { ...WALK_IN, date: '2026-11-23', product: [line(1, 'Fuel injection pump', '8413', '18', '1', '2000', '2000.00')] }],
    [2, { ...KARNATAKA_WALK_IN, date: '2026-11-24', product: [line(1, 'Fuel injection pump', '8413', '18', '2', '60000', '120000.00')] }],
  ] as const) {
    const answer = await api.save(walkInInvoice, billno, overrides);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  }
  const pump = (qty: string, rate: string, amount: string) => [line(1, 'Fuel injection pump', '8413', '18', qty, rate, amount)];
  for (const body of [
    note('creditnote', 1, { billtype: 'taxinvoice', billno: 5 }, pump('1', '2500', '2500.00')),
    note('debitnote', 1, { billtype: 'taxinvoice', billno: 6 }, pump('1', '1000', '1000.00'), { clientname: KARNATAKA_BUYER.clientname }),
    note('creditnote', 2, { billtype: 'b2cinvoice', billno: 1 }, pump('1', '500', '500.00'), { ...WALK_IN, date: '2026-11-26', reason: 'Post Sale Discount' }),
    note('creditnote', 3, { billtype: 'b2cinvoice', billno: 2 }, pump('1', '10000', '10000.00'), { ...KARNATAKA_WALK_IN, date: '2026-11-27' }),
  ]) {
    const answer = await api.post('/api/gst/createtaxbill', body);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  }
}

describeEachDatabase('credit and debit notes in the sales register and GSTR-1 (issue 28 item 5)', (database) => {
  const api = useApi(database);
  const itm = (rt: number, txval: number, iamt: number, camt: number, samt: number) => ({ rt, txval, iamt, camt, samt, csamt: 0 });

  it('lists the notes in the register, credit notes negative, and nets them in its totals (JSON, CSV, by month)', async () => {
    await seedMonth(api);
    const register = jsonOf(await api.post('/api/gst/salesregister', { from: '2026-11-01', to: '2026-11-30' }));
    const figures = (row: any) => [row.billtype, row.printedno, row.taxable, row.cgst, row.sgst, row.igst, row.total];
    expect(register.rows.map(figures)).toEqual([
      ['taxinvoice', '5', 11000, 960, 960, 0, 12920],
      ['taxinvoice', '6', 10000, 0, 0, 1800, 11800],
      ['b2cinvoice', 'B/1', 2000, 180, 180, 0, 2360],
      ['b2cinvoice', 'B/2', 120000, 0, 0, 21600, 141600],
      ['creditnote', 'CN/1', -2500, -225, -225, 0, -2950],
      ['debitnote', 'DN/1', 1000, 0, 0, 180, 1180],
      ['creditnote', 'CN/2', -500, -45, -45, 0, -590],
      ['creditnote', 'CN/3', -10000, 0, 0, -1800, -11800],
    ]);
    expect(register.totals).toEqual({ taxable: 131000, cgst: 870, sgst: 870, igst: 21780, roundoff: 0, total: 154520 });

    const csv = (await api.post('/api/gst/salesregister', { from: '2026-11-01', to: '2026-11-30', format: 'csv' })).body.split('\r\n');
    expect(csv.find((row) => row.startsWith('Credit Note,CN/1,'))).toBe('Credit Note,CN/1,2026-11-25,Shree Ganesh Transport,27AAPFU0939F1ZV,-2500.00,-225.00,-225.00,0.00,0.00,-2950.00');
    expect(csv.find((row) => row.startsWith('Total,'))).toBe('Total,,,,,131000.00,870.00,870.00,21780.00,0.00,154520.00');

    const months = jsonOf(await api.post('/api/gst/salesbymonth', { year: 2026 })).months;
    expect(months.find((m: any) => m.month === '2026-11')).toEqual({ month: '2026-11', taxable: 131000, total: 154520 });
  });

  it('reports notes to registered buyers in cdnr, a note against a b2cl invoice in cdnur, the others netted into b2cs', async () => {
    const answer = await api.post('/api/gst/gstr1', { fp: '112026' });
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const gstr1 = jsonOf(answer);
    expect(gstr1.cdnr).toEqual([
      {
        ctin: '27AAPFU0939F1ZV',
        nt: [{ ntty: 'C', nt_num: 'CN/1', nt_dt: '25-11-2026', val: 2950, pos: '27', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1, itm_det: itm(18, 2500, 0, 225, 225) }] }],
      },
      {
        ctin: '29AABCK5678L1ZU',
        nt: [{ ntty: 'D', nt_num: 'DN/1', nt_dt: '25-11-2026', val: 1180, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1, itm_det: itm(18, 1000, 180, 0, 0) }] }],
      },
    ]);
    expect(gstr1.cdnur).toEqual([
      { typ: 'B2CL', ntty: 'C', nt_num: 'CN/3', nt_dt: '27-11-2026', val: 11800, pos: '29', itms: [{ num: 1, itm_det: { rt: 18, txval: 10000, iamt: 1800, csamt: 0 } }] },
    ]);
    expect(gstr1.b2cs).toEqual([{ sply_ty: 'INTRA', rt: 18, typ: 'OE', pos: '27', txval: 1500, camt: 135, samt: 135, csamt: 0 }]);
    expect(gstr1.b2cl).toEqual([{ pos: '29', inv: [{ inum: 'B/2', idt: '24-11-2026', val: 141600, itms: [{ num: 1, itm_det: { rt: 18, txval: 120000, iamt: 21600, csamt: 0 } }] }] }]);
    expect(gstr1.b2b.map((b: any) => [b.ctin, b.inv.map((i: any) => i.inum)])).toEqual([['27AAPFU0939F1ZV', ['5']], ['29AABCK5678L1ZU', ['6']]]);
  });

  it('reduces the HSN rows on the buyer\'s side and counts the notes in doc_issue', async () => {
    const gstr1 = jsonOf(await api.post('/api/gst/gstr1', { fp: '112026' }));
    const hsn = (rows: any[]) => rows.map((r) => [r.hsn_sc, r.rt, r.qty, r.txval, r.iamt, r.camt, r.samt]);
    // B2B 8413 at 18%: 4 + 2 - 1 + 1 = 6 no; within the state 10,000 - 2,500 = 7,500 (CGST = SGST 675), across
    // 10,000 + 1,000 = 11,000 (IGST 1,980). 8409 at 12%: No. 5's 10 no, 1,000 (CGST = SGST 60).
    expect(hsn(gstr1.hsn.hsn_b2b)).toEqual([['8409', 12, 10, 1000, 0, 60, 60], ['8413', 18, 6, 18500, 1980, 675, 675]]);
    // B2C 8413 at 18%: 1 + 2 - 1 - 1 = 1 no; within 2,000 - 500 = 1,500 (135 each), across 1,20,000 - 10,000 = 1,10,000 (IGST 19,800).
    expect(hsn(gstr1.hsn.hsn_b2c)).toEqual([['8413', 18, 1, 111500, 19800, 135, 135]]);
    expect(gstr1.doc_issue.doc_det.slice(-2)).toEqual([
      { doc_num: 4, doc_typ: 'Debit Note', docs: [{ num: 1, from: 'DN/1', to: 'DN/1', totnum: 1, cancel: 0, net_issue: 1 }] },
      { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'CN/1', to: 'CN/3', totnum: 3, cancel: 0, net_issue: 3 }] },
    ]);
  });

  it('names its notes on a bill\'s list row (a page of the list)', async () => {
    const page = jsonOf(await api.post('/api/common/getbill', { billtype: 'taxinvoice', offset: 0, limit: 10 }));
    const notesOf = (billno: number) => page.bill.find((row: any) => row.billno === billno).notes;
    expect(notesOf(5)).toEqual([{ billtype: 'creditnote', billno: 1, fy: '2026-27', printedno: 'CN/1', date: '2026-11-25', total: 2950 }]);
    expect(notesOf(6)).toEqual([{ billtype: 'debitnote', billno: 1, fy: '2026-27', printedno: 'DN/1', date: '2026-11-25', total: 1180 }]);
    const walkIn = jsonOf(await api.post('/api/common/getbill', { billtype: 'b2cinvoice', offset: 0, limit: 10 }));
    expect(walkIn.bill.map((row: any) => row.notes.map((n: any) => n.printedno))).toEqual([['CN/3'], ['CN/2']]);
  });

  it('refuses to delete a bill that notes correct, naming them, and deletes it once they are gone', async () => {
    const refused = await api.post('/api/common/deletebill', { billtype: 'taxinvoice', billno: 5 });
    expect(refused.statusCode).toBe(400);
    expect(jsonOf(refused).msg).toBe('Tax Invoice Bill No. 5 cannot be deleted: Credit Note CN/1 corrects it. Delete that note first.');
    expect((await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 5 })).statusCode).toBe(200);
    expect((await api.post('/api/common/deletebill', { billtype: 'creditnote', billno: 1 })).statusCode).toBe(200);
    expect((await api.post('/api/common/deletebill', { billtype: 'taxinvoice', billno: 5 })).statusCode).toBe(200);
  });
});
