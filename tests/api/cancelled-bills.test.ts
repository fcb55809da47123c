import { expect, it } from 'vitest';
import { CANCELLED_STAMP } from '../../src/server/routes/common-bills';
import { pdfText, wordBoxes } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api } from './harness';

/**
 * Deleting a tax invoice (a sales type of the GST unit) cancels it: the number stays taken, the bill is listed on
 * request and printed stamped CANCELLED, and it can be restored. A quotation keeps the old delete.
 * Each tax invoice here has two lines of 2.5 x 1,999.99 = 4,999.98 at 18%: taxable 9,999.96.
 */
/** An A4 page in points, and the bill's side margin (src/pdf/styles.ts PAGE_MARGINS). */
const A4 = { width: 595.28, height: 841.89, margin: 30 };

describeEachDatabase('cancelled bills', (database) => {
  const api = useApi(database);
  const type = (name: string) => api.registry.byType(name)!;
  const ok = async (promise: ReturnType<Api['post']>) => {
    const answer = await promise;
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    return answer;
  };
  const list = async (body: Record<string, unknown>) =>
    jsonOf(await api.post('/api/common/getbill', { billtype: 'taxinvoice', ...body })).bill;

  it('keeps a cancelled number, lists it on request, prints it stamped and restores it (audited)', async () => {
    await ok(api.save(type('taxinvoice'), 1, { clientname: 'Kept Transport' }));
    await ok(api.save(type('taxinvoice'), 2, { clientname: 'Cancelled Transport' }));
    expect(jsonOf(await ok(api.post('/api/common/deletebill', { billtype: 'taxinvoice', billno: 2 })))).toEqual({ msg: 'Bill No. 2 cancelled' });

    expect((await list({})).map((row: any) => row.billno)).toEqual([1]);
    const withCancelled = await list({ cancelled: true });
    expect(withCancelled.map((row: any) => [row.billno, row.cancelled ?? false])).toEqual([[2, true], [1, false]]);

    const again = await api.save(type('taxinvoice'), 2, { clientname: 'Someone else' });
    expect(again.statusCode).toBe(409);
    expect(jsonOf(again).msg).toBe('Bill No. 2 was cancelled; bill numbers are never reused. Please use the next number.');

    const pdf = await ok(api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 2 }));
    expect(pdfText(pdf.rawPayload)).toContain('CANCELLED');
    expect(pdfText((await ok(api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 1 }))).rawPayload)).not.toContain('CANCELLED');

    const register = jsonOf(await ok(api.post('/api/gst/salesregister', { from: '2026-11-01', to: '2026-11-30' })));
    expect(register.rows).toHaveLength(1);
    expect(register.cancelled).toEqual([expect.objectContaining({ billtype: 'taxinvoice', billno: 2 })]);
    const gstr1 = jsonOf(await ok(api.post('/api/gst/gstr1', { fp: '112026' })));
    const invoices = gstr1.doc_issue.doc_det.find((d: any) => d.doc_num === 1).docs;
    expect(invoices).toEqual([expect.objectContaining({ totnum: 2, cancel: 1, net_issue: 1 })]);

    expect(jsonOf(await ok(api.post('/api/common/restorebill', { billtype: 'taxinvoice', billno: 2 })))).toEqual({ msg: 'Bill No. 2 restored' });
    expect((await list({})).map((row: any) => row.billno)).toEqual([2, 1]);
    expect(pdfText((await ok(api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 2 }))).rawPayload)).not.toContain('CANCELLED');
    const trail = await api.storage.database.db
      .selectFrom('audit_log').select('action').where('type', '=', 'taxinvoice').where('billno', '=', 2).orderBy('id').execute();
    expect(trail.map((row) => row.action)).toEqual(['create', 'delete', 'restore']);
  });

  // Issue 50: pdfmake's automatic stamp size ran the word past the paper's edges.
  it('says "cancelled" and prints the CANCELLED stamp whole inside the page margins, on every type that cancels', async () => {
    const cancelling = api.registry.billTypes.filter((billType) => billType.cancelsOnDelete);
    expect(cancelling.length).toBeGreaterThan(1);
    for (const billType of cancelling) {
      await ok(api.save(billType, 7));
      expect(jsonOf(await ok(api.post('/api/common/deletebill', { billtype: billType.type, billno: 7 })))).toEqual({ msg: 'Bill No. 7 cancelled' });
      const pdf = await ok(api.post('/api/common/showpdf', { billtype: billType.type, billno: 7 }));
      const stamps = wordBoxes(pdf.rawPayload).filter((word) => word.text === CANCELLED_STAMP);
      expect(stamps.length, billType.type).toBeGreaterThan(0);
      const outside = stamps.filter(
        (word) => word.xMin < A4.margin || word.xMax > A4.width - A4.margin || word.yMin < 0 || word.yMax > A4.height,
      );
      expect(outside, billType.type).toEqual([]);
    }
  });

  it('refuses to restore a live or unknown bill with 404 {msg}', async () => {
    const live = await api.post('/api/common/restorebill', { billtype: 'taxinvoice', billno: 1 });
    expect([live.statusCode, jsonOf(live).msg]).toEqual([404, 'Bill No. 1 is not cancelled.']);
    const unknown = await api.post('/api/common/restorebill', { billtype: 'taxinvoice', billno: 99 });
    expect(unknown.statusCode).toBe(404);
    const badType = await api.post('/api/common/restorebill', { billtype: 'nosuchbill', billno: 1 });
    expect(badType.statusCode).toBe(400);
    expect(jsonOf(badType).msg).toBeTruthy();
    const badFlag = await api.post('/api/common/getbill', { billtype: 'taxinvoice', cancelled: 'yes' });
    expect([badFlag.statusCode, jsonOf(badFlag).msg]).toEqual([400, 'cancelled must be true or false.']);
  });

  it('keeps the old delete for a quotation: not printed, the reused number refused as before', async () => {
    await ok(api.save(type('taxquotation'), 1));
    expect(jsonOf(await ok(api.post('/api/common/deletebill', { billtype: 'taxquotation', billno: 1 })))).toEqual({ msg: 'Bill No. 1 deleted' });
    expect((await api.post('/api/common/showpdf', { billtype: 'taxquotation', billno: 1 })).statusCode).toBe(404);
    const again = await api.save(type('taxquotation'), 1);
    expect(again.statusCode).toBe(409);
    expect(jsonOf(again).msg).toBe('Bill No. 1 already exists; bill numbers are never reused. Please use the next number.');
  });
});
