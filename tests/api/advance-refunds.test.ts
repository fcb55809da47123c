import { expect, it } from 'vitest';
import { pdfText, squash } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi } from './harness';
import { ADVANCE_CLIENT, overhaul, pumps, refund, voucher } from './advances';

const INTRA = (ad_amt: number, half: number) => [{ pos: '27', sply_ty: 'INTRA', itms: [{ rt: 18, ad_amt, iamt: 0, camt: half, samt: half, csamt: 0 }] }];

/**
 * Worked out by hand, the seller and the client in Maharashtra (27), services (SAC 9987) at 18 %:
 * - RV/1 10-04-2026 ₹11,800 incl. tax (10,000 + 900 + 900).
 * - RF/1 15-05-2026 against RV/1: ₹5,900 incl. tax returned, 5,000 + CGST 450 + SGST 450. RV/1 has 11,800 - 5,900 =
 *   5,900 open; the client's statement runs -11,800 (April), + 5,900 = -5,900, all of it on account. GSTR-1 May:
 *   `txpd` 5,000 / 450 / 450, `doc_issue` row 8 RF/1; April's `at` stays 10,000 / 900 / 900.
 * - RV/2 03-06-2026 ₹1,180 (1,000 + 90 + 90), refunded whole by RF/2 on 20-06-2026: in neither June `at` nor `txpd`.
 */
describeEachDatabase('refund vouchers (CGST Rule 51)', (database) => {
  const api = useApi(database);
  const gstr1 = async (fp: string) => jsonOf(await api.post('/api/gst/gstr1', { fp }));
  const advance = async (printedno: string) =>
    jsonOf(await api.post('/api/gst/getadvances', { clientname: ADVANCE_CLIENT.clientname })).advances.find((a: any) => a.printedno === printedno);

  it('returns part of an advance: the voucher names it, its open amount falls, GSTR-1 reports it in txpd', async () => {
    expect((await api.post('/api/gst/createtaxbill', voucher(1))).statusCode).toBe(200);
    const saved = await api.post('/api/gst/createtaxbill', refund(1, 1));
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const text = squash(pdfText(saved.rawPayload));
    for (const particular of [
      'REFUND VOUCHER', 'Against Receipt Voucher No. RV/1 dated 10-04-2026', 'ALFA DIESEL SERVICES', 'GSTIN/UIN: 27AAAAA0000A1Z2',
      'Refund Voucher No. RF/1', '15-05-2026', 'Refunded to', ADVANCE_CLIENT.clientname, ADVANCE_CLIENT.gstno, 'Advance for engine overhaul',
      '9987', 'Place of Supply: Maharashtra (27)', 'Whether tax is payable on reverse charge: No', 'Authorised Signatory',
    ]) expect(text).toContain(particular);
    expect(text).toMatch(/CGST @ 9% ₹? ?450\.00/);
    expect(text).toMatch(/SGST @ 9% ₹? ?450\.00/);
    expect(text).toMatch(/Amount Refunded ₹? ?5,900\.00/);

    expect(await advance('RV/1')).toMatchObject({
      amount: 11800, adjusted: 0, refunded: 5900, open: 5900,
      refunds: [{ billtype: 'refundvoucher', billno: 1, fy: '2026-27', printedno: 'RF/1', date: '2026-05-15', amount: 5900 }],
    });
    const statement = jsonOf(await api.post('/api/gst/statement', { clientname: ADVANCE_CLIENT.clientname, from: '2026-05-01', to: '2026-05-31' }));
    expect(statement).toMatchObject({ opening: -11800, closing: -5900, onaccount: 5900 });
    expect(statement.lines.map((line: any) => [line.number, line.debit, line.credit])).toEqual([['RF/1', 5900, 0]]);

    const may = await gstr1('052026');
    expect(may.at).toBeUndefined();
    expect(may.txpd).toEqual(INTRA(5000, 450));
    expect(may.doc_issue.doc_det).toContainEqual({ doc_num: 8, doc_typ: 'Refund voucher', docs: [{ num: 1, from: 'RF/1', to: 'RF/1', totnum: 1, cancel: 0, net_issue: 1 }] });
    expect((await gstr1('042026')).at).toEqual(INTRA(10000, 900));
    const pdf = await api.post('/api/common/showpdf', { billtype: 'refundvoucher', billno: 1, fy: '2026-27' });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(squash(pdfText(pdf.rawPayload))).toContain('Against Receipt Voucher No. RV/1 dated 10-04-2026');
  });

  it('refuses a refund above what is open, of an unknown voucher or of another client, with a 400 {msg}', async () => {
    const refusals: [object, string][] = [
      [refund(2, 1, { product: overhaul('6000') }), 'Receipt Voucher RV/1 has only ₹5,900.00 open to refund, less than the ₹6,000.00 of this refund.'],
      [refund(2, 9), 'Receipt Voucher No. 9 not found.'],
      [refund(2, 1, { clientname: 'Kaveri Agro Industries' }), 'Receipt Voucher RV/1 is an advance of Shree Ganesh Transport, not of Kaveri Agro Industries: a refund returns an advance to its own client.'],
      [refund(2, 1, { date: '2026-04-01' }), 'A Refund Voucher cannot be dated before the advance it refunds (Receipt Voucher RV/1 of 2026-04-10).'],
    ];
    for (const [body, msg] of refusals) {
      const answer = await api.post('/api/gst/createtaxbill', body);
      expect(answer.statusCode, msg).toBe(400);
      expect(jsonOf(answer)).toEqual({ msg });
    }
    expect(await advance('RV/1')).toMatchObject({ refunded: 5900, open: 5900 });
    // What was refunded can no longer be adjusted against an invoice either.
    expect((await api.save(api.registry.byType('taxinvoice')!, 1, { date: '2026-05-20', product: pumps('4', '2500', '10000.00') })).statusCode).toBe(200);
    const adjust = await api.post('/api/gst/adjustadvance', { invoice: { billtype: 'taxinvoice', billno: 1 }, advances: [{ billtype: 'receiptvoucher', billno: 1, amount: 6000 }] });
    expect(jsonOf(adjust)).toEqual({ msg: 'Receipt Voucher RV/1 has only ₹5,900.00 open, less than the ₹6,000.00 asked.' });
  });

  it('reports an advance refunded in its own month in neither at nor txpd', async () => {
    expect((await api.post('/api/gst/createtaxbill', voucher(2, { date: '2026-06-03', product: overhaul('1180') }))).statusCode).toBe(200);
    expect((await api.post('/api/gst/createtaxbill', refund(2, 2, { date: '2026-06-20', product: overhaul('1180') }))).statusCode).toBe(200);
    const june = await gstr1('062026');
    expect(june.at).toBeUndefined();
    expect(june.txpd).toBeUndefined();
    expect(await advance('RV/2')).toMatchObject({ refunded: 1180, open: 0 });
  });
});
