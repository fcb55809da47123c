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
