import { expect, it } from 'vitest';
import { expectedRecord, taggedBill } from '../stress/support/bill-load';
import { describeEachDatabase } from './databases';
import { jsonOf, OPERATOR, useApi } from './harness';

/** More bills than the largest page the API allows (common/getbill `limit`: 1,000). */
const BILLS = 1_100;
const PAGE = 1_000;

/**
 * Issue 42 item 7: a page of the largest documented size reads its rows' notes (and balances, conversions) in
 * queries that hold for any number of rows. Before, the notes of 995-1,000 tax invoices were asked for with one OR
 * per row, and SQLite answered "Expression tree is too large": a 500.
 */
describeEachDatabase('a list page of the largest size the API allows', (database) => {
  const api = useApi(database);

  it(`answers limit: ${PAGE} over ${BILLS} bills, with their notes, balances and conversions`, { timeout: 120_000 }, async () => {
    const invoice = api.registry.byType('taxinvoice')!;
    const quotation = api.registry.byType('taxquotation')!;
    // Through the storage layer, as the restore tests seed (the API renders a PDF for each); the last through the
    // API, which stores its figures, so a credit note can take off some of its value.
    for (let billno = 1; billno <= BILLS; billno++) {
      if (billno < BILLS) await api.storage.bills.create(expectedRecord(invoice, taggedBill(invoice, billno, `limit${billno}`, 1)), OPERATOR.email, invoice.series);
      await api.storage.bills.create(expectedRecord(quotation, taggedBill(quotation, billno, `limit${billno}`, 1)), OPERATOR.email, quotation.series);
    }
    expect((await api.save(invoice, BILLS)).statusCode).toBe(200);
    // A note on the page's first bill: the page's rows are asked for their notes, and that one answers with it.
    const first = jsonOf(await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: BILLS }));
    const line = first.bill.product[0];
    const note = await api.post('/api/gst/createtaxbill', {
      method: 'create', type: 'creditnote', invoiceno: 1, date: first.bill.date, reason: 'Sales Return', clientname: first.bill.clientname,
      against: { billtype: 'taxinvoice', billno: BILLS }, product: [{ ...line, srno: 1 }],
    });
    expect(note.statusCode, note.body.slice(0, 300)).toBe(200);

    const page = await api.post('/api/common/getbill', { billtype: 'taxinvoice', limit: PAGE });
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    const answer = jsonOf(page);
    expect(answer.total).toBe(BILLS);
    expect(answer.bill).toHaveLength(PAGE);
    expect(answer.bill[0]).toMatchObject({ billno: BILLS, notes: [expect.objectContaining({ billtype: 'creditnote', printedno: 'CN/1' })] });

    // The status filter reads every bill's balance, then names the notes of the page it keeps (the seeded bills
    // have no figures stored: nothing to pay).
    const paid = await api.post('/api/common/getbill', { billtype: 'taxinvoice', limit: PAGE, status: 'paid' });
    expect(paid.statusCode, paid.body.slice(0, 300)).toBe(200);
    expect(jsonOf(paid)).toMatchObject({ total: BILLS - 1, bill: expect.any(Array) });
    expect(jsonOf(paid).bill).toHaveLength(PAGE);

    const quotations = await api.post('/api/common/getbill', { billtype: 'taxquotation', limit: PAGE });
    expect(quotations.statusCode, quotations.body.slice(0, 300)).toBe(200);
    expect(jsonOf(quotations).bill).toHaveLength(PAGE);
    // The list of spec 7 (no paging) has every bill.
    const whole = await api.post('/api/common/getbill', { billtype: 'taxquotation' });
    expect(whole.statusCode).toBe(200);
    expect(jsonOf(whole).bill).toHaveLength(BILLS);
  });
});
