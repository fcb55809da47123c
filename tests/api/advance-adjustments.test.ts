import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, OPERATOR, useApi } from './harness';
import { ADVANCE_CLIENT, overhaul, pumps, voucher } from './advances';

type Json = any;

const INTRA = (ad_amt: number, half: number) => [{ pos: '27', sply_ty: 'INTRA', itms: [{ rt: 18, ad_amt, iamt: 0, camt: half, samt: half, csamt: 0 }] }];

/**
 * Worked out by hand, the seller and the client in Maharashtra (27), every advance for a service (SAC 9987) at 18 %:
 * - RV/1 10-04-2026 ₹11,800 incl. tax: 10,000 + 900 + 900. April `at`: 10,000 / 900 / 900.
 * - Tax Invoice 7, 20-05-2026: 4 x 2,500 = 10,000 + 900 + 900 = 11,800, adjusting all of RV/1: its balance 0, RV/1's
 *   open 0; May `at` empty, May `txpd` 10,000 / 900 / 900; April's `at` unchanged.
 * - RV/2 03-06-2026 ₹5,900 (5,000 + 450 + 450) adjusted on Tax Invoice 8 of 15-06-2026 (2 x 2,500 + 18 % = 5,900):
 *   same month, so in neither June `at` nor `txpd`.
 * - RV/3 05-06-2026 ₹2,360 (2,000 + 180 + 180): June `at` 2,000 / 180 / 180. Half of it, ₹1,180, adjusted on Tax
 *   Invoice 9 of 10-07-2026 (11,800): July `txpd` 1,000 / 90 / 90; the invoice owes 11,800 - 1,180 = 10,620 and RV/3
 *   has 1,180 open.
 */
describeEachDatabase('advances adjusted against invoices (GSTR-1 Table 11B)', (database) => {
  const api = useApi(database);
  const gstr1 = async (fp: string) => jsonOf(await api.post('/api/gst/gstr1', { fp }));
  const invoice = async (billno: number, date: string, product: Json) => {
    const saved = await api.save(api.registry.byType('taxinvoice')!, billno, { date, product });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
  };
  const adjust = (billno: number, advances: Json[]) =>
    api.post('/api/gst/adjustadvance', { invoice: { billtype: 'taxinvoice', billno, fy: '2026-27' }, advances });
  const advance = async (printedno: string) => {
    const list = jsonOf(await api.post('/api/gst/getadvances', { clientname: ADVANCE_CLIENT.clientname }));
    return list.advances.find((a: Json) => a.printedno === printedno);
  };
  const balanceOf = async (billno: number) => {
    const list = jsonOf(await api.post('/api/common/getbill', { billtype: 'taxinvoice', limit: 50 }));
    return list.bill.find((b: Json) => b.billno === billno).balance;
  };

  it('moves the advance onto the invoice: its balance and the advance fall, what the client owes does not change twice', async () => {
    expect((await api.post('/api/gst/createtaxbill', voucher(1))).statusCode).toBe(200);
    expect(await gstr1('042026')).toMatchObject({ at: INTRA(10000, 900) });
    await invoice(7, '2026-05-20', pumps('4', '2500', '10000.00'));
    expect(await balanceOf(7)).toBe(11800);

    const adjusted = await adjust(7, [{ billtype: 'receiptvoucher', billno: 1, amount: 11800 }]);
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(await balanceOf(7)).toBe(0);
    expect(await advance('RV/1')).toMatchObject({
      amount: 11800, adjusted: 11800, refunded: 0, open: 0,
      adjustments: [{ billtype: 'taxinvoice', billno: 7, fy: '2026-27', printedno: '7', date: '2026-05-20', amount: 11800 }],
    });
    expect(jsonOf(await api.post('/api/gst/getadvances', { open: true })).advances).toEqual([]);
    const link = { billtype: 'receiptvoucher', billno: 1, fy: '2026-27', printedno: 'RV/1', date: '2026-04-10', amount: 11800 };
    const bill = async (billtype: string, billno: number) => jsonOf(await api.post('/api/gst/getbill', { billtype, billno, fy: '2026-27' })).bill;
    expect((await bill('taxinvoice', 7)).advances).toEqual([link]);
    expect((await bill('receiptvoucher', 1)).adjustedagainst).toEqual([{ billtype: 'taxinvoice', billno: 7, fy: '2026-27', printedno: '7', date: '2026-05-20', amount: 11800 }]);
    const audit = jsonOf(await api.post('/api/common/getaudit', { action: 'adjust', document: 'taxinvoice' }));
    expect(audit.total).toBe(1);
    expect(audit.entries[0]).toMatchObject({ action: 'adjust', operator: OPERATOR.email });

    const statement = jsonOf(await api.post('/api/gst/statement', { clientname: ADVANCE_CLIENT.clientname, from: '2026-05-01', to: '2026-05-31' }));
    expect(statement).toMatchObject({ opening: -11800, closing: 0, onaccount: 0 });
    expect(jsonOf(await api.post('/api/gst/receivables', { asof: '2026-05-31' })).clients).toEqual([]);
    // Before the invoice's date the money was still on account.
    expect(jsonOf(await api.post('/api/gst/statement', { clientname: ADVANCE_CLIENT.clientname, from: '2026-04-01', to: '2026-04-30' })).onaccount).toBe(11800);

    const may = await gstr1('052026');
    expect(may.at).toBeUndefined();
    expect(may.txpd).toEqual(INTRA(10000, 900));
    expect((await gstr1('042026')).at).toEqual(INTRA(10000, 900));
  });

  it('reports an advance invoiced in its own month in neither `at` nor `txpd`, and a part adjusted later proportionately', async () => {
    expect((await api.post('/api/gst/createtaxbill', voucher(2, { date: '2026-06-03', product: overhaul('5900') }))).statusCode).toBe(200);
    expect((await api.post('/api/gst/createtaxbill', voucher(3, { date: '2026-06-05', product: overhaul('2360') }))).statusCode).toBe(200);
    await invoice(8, '2026-06-15', pumps('2', '2500', '5000.00'));
    expect((await adjust(8, [{ billtype: 'receiptvoucher', billno: 2, amount: '5900' }])).statusCode).toBe(200);
    const june = await gstr1('062026');
    expect(june.at).toEqual(INTRA(2000, 180));
    expect(june.txpd).toBeUndefined();

    await invoice(9, '2026-07-10', pumps('4', '2500', '10000.00'));
    expect((await adjust(9, [{ billtype: 'receiptvoucher', billno: 3, amount: 1180 }])).statusCode).toBe(200);
    expect(await balanceOf(9)).toBe(10620);
    expect(await advance('RV/3')).toMatchObject({ amount: 2360, adjusted: 1180, open: 1180 });
    expect((await gstr1('072026')).txpd).toEqual(INTRA(1000, 90));
    expect((await gstr1('062026')).at).toEqual(INTRA(2000, 180));
    const owing = jsonOf(await api.post('/api/gst/receivables', { asof: '2026-07-31' })).clients;
    expect(owing).toEqual([expect.objectContaining({ clientname: ADVANCE_CLIENT.clientname, outstanding: 10620, onaccount: 1180 })]);
  });

  it('refuses bad adjustments with a 400 {msg} naming the cause, changing nothing', async () => {
    const other = voucher(4, { date: '2026-06-06', clientname: 'Kaveri Agro Industries', product: overhaul('1180') });
    expect((await api.post('/api/gst/createtaxbill', other)).statusCode).toBe(200);
    const refusals: [Json, string][] = [
      [{ invoice: { billtype: 'taxinvoice' }, advances: [] }, 'Please name the invoice as { billtype, billno, fy? }.'],
      [{ invoice: { billtype: 'taxinvoice', billno: 9 }, advances: 'RV/3' }, 'Please list the advances as [{ billtype, billno, fy?, amount }] (an empty list clears them).'],
      [{ invoice: { billtype: 'taxinvoice', billno: 9 }, advances: [{ billtype: 'receiptvoucher', billno: 3, amount: -5 }] }, 'Each advance needs its billtype, billno and an amount above zero (at most 2 decimal places).'],
      [{ invoice: { billtype: 'taxinvoice', billno: 9 }, advances: [{ billtype: 'receiptvoucher', billno: 99, amount: 10 }] }, 'Receipt Voucher 99 not found.'],
      [{ invoice: { billtype: 'taxinvoice', billno: 9 }, advances: [{ billtype: 'receiptvoucher', billno: 3, amount: 2500 }] }, 'Receipt Voucher RV/3 has only ₹2,360.00 open, less than the ₹2,500.00 asked.'],
      // Invoice 8 owes 5,900 before its own advances (which a call replaces); RV/3 has 2,360 - 1,180 (Invoice 9's) open.
      [{ invoice: { billtype: 'taxinvoice', billno: 8 }, advances: [{ billtype: 'receiptvoucher', billno: 3, amount: 1500 }] }, 'Receipt Voucher RV/3 has only ₹1,180.00 open, less than the ₹1,500.00 asked.'],
      [{ invoice: { billtype: 'taxinvoice', billno: 9 }, advances: [{ billtype: 'receiptvoucher', billno: 4, amount: 100 }] }, "Receipt Voucher RV/4 is Kaveri Agro Industries's, not Shree Ganesh Transport's: an advance is adjusted against its own client's invoice."],
      [{ invoice: { billtype: 'taxinvoice', billno: 9 }, advances: [{ billtype: 'taxinvoice', billno: 7, amount: 100 }] }, 'Tax Invoice Bill 7 is not a receipt voucher (an advance received).'],
      [{ invoice: { billtype: 'receiptvoucher', billno: 3 }, advances: [] }, 'Receipt Voucher 3 is not a sales bill: advances are adjusted against sales bills only.'],
      [
        { invoice: { billtype: 'taxinvoice', billno: 8 }, advances: [{ billtype: 'receiptvoucher', billno: 2, amount: 5900 }, { billtype: 'receiptvoucher', billno: 3, amount: 1000 }] },
        'Tax Invoice Bill 8 has only ₹5,900.00 left to pay, less than the ₹6,900.00 of advances.',
      ],
      [{ invoice: { billtype: 'taxinvoice', billno: 7 }, advances: [{ billtype: 'receiptvoucher', billno: 3, amount: 100 }] }, 'Receipt Voucher RV/3 is dated 2026-06-05, after Tax Invoice Bill 7 (2026-05-20).'],
    ];
    for (const [body, msg] of refusals) {
      const answer = await api.post('/api/gst/adjustadvance', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(jsonOf(answer)).toEqual({ msg });
    }
    expect(await balanceOf(9)).toBe(10620);
    expect(await advance('RV/3')).toMatchObject({ adjusted: 1180, open: 1180 });
  });

  it('refuses to delete an advance an invoice took, naming the invoice, and deletes one no invoice took', async () => {
    const refused = await api.post('/api/common/deletebill', { billtype: 'receiptvoucher', billno: 3, fy: '2026-27' });
    expect(refused.statusCode).toBe(400);
    expect(jsonOf(refused).msg).toBe(
      'Receipt Voucher RV/3 cannot be deleted: Tax Invoice Bill 9 uses it. Remove the adjustment (Advances on the invoice) or delete the refund first.',
    );
    expect(await balanceOf(9)).toBe(10620);
    expect(await advance('RV/3')).toMatchObject({ adjusted: 1180, open: 1180 });
    // An unadjusted advance (RV/5, made here) deletes as any document does.
    expect((await api.post('/api/gst/createtaxbill', voucher(5, { date: '2026-07-01' }))).statusCode).toBe(200);
    expect((await api.post('/api/common/deletebill', { billtype: 'receiptvoucher', billno: 5, fy: '2026-27' })).statusCode).toBe(200);
  });

  it("refuses to change an invoice's advances in a filed month, and keeps the filed month's `at`", async () => {
    expect((await api.post('/api/gst/lockperiod', { upto: '2026-07-31' })).statusCode).toBe(200);
    const refused = await adjust(9, []);
    expect(refused.statusCode).toBe(400);
    expect(jsonOf(refused).msg).toBe('Tax Invoice Bill 9 is dated 2026-07-10, in a period whose GSTR-1 is filed (up to 2026-07-31): its advances cannot be changed.');
    expect(await balanceOf(9)).toBe(10620);
    expect((await gstr1('072026')).txpd).toEqual(INTRA(1000, 90));
  });
});
